import { studentSignIn } from '@client/content';
import { Spinner } from '@client/components/ui/spinner';
import { useStudentLoginMode } from '@client/lib/public-config';
import { useFilledContent } from '@client/lib/site-content';
import { FaqList } from '@client/components/site-sections/faq-list';

/**
 * The FAQ as the owner wrote it (Content), with the prices and the sign-in mode in force: `{sign_in}`
 * in an answer says how the running sign-in mode works once the page knows it.
 */
export function Faq() {
  const loginMode = useStudentLoginMode();
  const filled = useFilledContent();
  return (
    <section aria-labelledby="faq-heading" className="space-y-8">
      <h2 id="faq-heading" className="text-2xl font-bold">
        Frequently Asked Questions
      </h2>
      {filled ? (
        <FaqList
          faq={filled.content.faq}
          fill={(text) => filled.fill(text, loginMode ? studentSignIn.faq[loginMode] : '')}
        />
      ) : (
        <Spinner label="Loading answers…" />
      )}
    </section>
  );
}
