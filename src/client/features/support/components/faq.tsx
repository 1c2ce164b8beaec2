import { ChevronDown } from 'lucide-react';
import { studentSignIn } from '@client/content';
import { Spinner } from '@client/components/ui/spinner';
import { useStudentLoginMode } from '@client/lib/public-config';
import { useFilledContent } from '@client/lib/site-content';

/**
 * The FAQ by category, as the owner wrote it (Content). Each question is a native disclosure
 * (`<details>`): it opens with a tap, Enter or Space before the page has hydrated and with JavaScript
 * off, and browsers announce it as expanded or collapsed. The answers are in the page, so
 * find-in-page reaches them too. `{sign_in}` in an answer says how the running sign-in mode works once
 * the page knows it.
 */
export function Faq() {
  const loginMode = useStudentLoginMode();
  const filled = useFilledContent();
  const signIn = loginMode ? studentSignIn.faq[loginMode] : '';
  return (
    <section aria-labelledby="faq-heading" className="space-y-8">
      <h2 id="faq-heading" className="text-2xl font-bold">
        Frequently Asked Questions
      </h2>
      {!filled && <Spinner label="Loading answers…" />}
      {filled?.content.faq.map((category, index) => (
        <div key={`${category.title}-${index}`}>
          <h3 className="text-lg font-semibold text-brand-800">{filled.fill(category.title)}</h3>
          <div className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {category.entries.map((item, entry) => (
              <details key={`${item.question}-${entry}`} className="group">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-3 text-left font-medium hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                  {filled.fill(item.question)}
                  <ChevronDown
                    className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                    aria-hidden
                  />
                </summary>
                <div className="px-4 pb-4 whitespace-pre-line text-slate-700">{filled.fill(item.answer, signIn)}</div>
              </details>
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}
