import type { ReactNode } from 'react';

/**
 * A part of a prerendered page that needs JavaScript, on a page whose entry hydrates only such parts
 * (the landing page, landing-entry.tsx): that entry finds it by `name` and hydrates it as a root of
 * its own. The wrapper has no box of its own (display: contents), so the layout is the same with or
 * without it; in the router app it is just that wrapper.
 */
export function Island({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div data-island={name} className="contents">
      {children}
    </div>
  );
}
