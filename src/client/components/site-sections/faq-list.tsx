import { ChevronDown } from 'lucide-react';
import type { SiteContent } from '@shared/site-content';

/**
 * The FAQ by category (also the admin's preview). Each question is a native disclosure (`<details>`):
 * it opens with a tap, Enter or Space before the page has hydrated and with JavaScript off, and
 * browsers announce it as expanded or collapsed. The answers are in the page, so find-in-page
 * reaches them too.
 */
export function FaqList({ faq, fill }: { faq: SiteContent['faq']; fill: (text: string) => string }) {
  return faq.map((category, index) => (
    <div key={`${category.title}-${index}`}>
      <h3 className="text-lg font-semibold text-brand-800">{fill(category.title)}</h3>
      <div className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {category.entries.map((item, entry) => (
          <details key={`${item.question}-${entry}`} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-3 text-left font-medium hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
              {fill(item.question)}
              <ChevronDown
                className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                aria-hidden
              />
            </summary>
            <div className="px-4 pb-4 whitespace-pre-line text-slate-700">{fill(item.answer)}</div>
          </details>
        ))}
      </div>
    </div>
  ));
}
