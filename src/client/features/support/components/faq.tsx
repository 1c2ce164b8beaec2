import { ChevronDown } from 'lucide-react';
import { studentSignIn, support } from '@client/content';
import { useStudentLoginMode } from '@client/lib/public-config';

/**
 * The FAQ in four categories. Each question is a native disclosure (`<details>`): it opens with a tap,
 * Enter or Space before the page has hydrated and with JavaScript off, and browsers announce it as
 * expanded or collapsed. The answers are in the page, so find-in-page reaches them too.
 */
export function Faq() {
  const loginMode = useStudentLoginMode();
  return (
    <section aria-labelledby="faq-heading" className="space-y-8">
      <h2 id="faq-heading" className="text-2xl font-bold">
        Frequently Asked Questions
      </h2>
      {support.faq.map((category) => (
        <div key={category.id}>
          <h3 className="text-lg font-semibold text-brand-800">{category.title}</h3>
          <div className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {category.items.map((item) => (
              <details key={item.question} className="group">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-3 text-left font-medium hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <ChevronDown
                    className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                    aria-hidden
                  />
                </summary>
                <div className="px-4 pb-4 text-slate-700">
                  {item.answer}
                  {item.signIn && loginMode && ` ${studentSignIn.faq[loginMode]}`}
                </div>
              </details>
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}
