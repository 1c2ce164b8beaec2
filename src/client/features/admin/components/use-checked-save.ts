import { useState } from 'react';
import { errorDetail } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';

/** A schema's verdict on a form (Zod's `safeParse`). */
type Verdict<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * The submit of an owner's form that saves a whole document (the catalogue, the site's content, the
 * settings): `check` shows each field's first problem beside it (keyed by its path, "courses.pro.title")
 * or clears them all; `save` says in a toast how the save went.
 */
export function useCheckedSave() {
  const [errors, setErrors] = useState<Record<string, string>>({});

  function check<T>(verdict: Verdict<T>): verdict is { success: true; data: T } {
    if (verdict.success) {
      setErrors({});
      return true;
    }
    const found: Record<string, string> = {};
    for (const issue of verdict.error.issues) found[issue.path.join('.')] ??= issue.message;
    setErrors(found);
    return false;
  }

  // Not mutate's callbacks: a save re-keys the form (fresh values), and an unmounted caller's callbacks never run.
  function save(saving: Promise<unknown>, texts: { saved: string; failed: string }) {
    void saving.then(
      () => toast.success(texts.saved),
      (error: unknown) => toast.error(errorDetail(error, texts.failed)),
    );
  }

  return { errors, check, save };
}
