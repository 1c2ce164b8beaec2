import type { LandingParts } from './landing-parts';
import { SectionShell } from './section-shell';

/** 'Why Choose Our Program?' — shown once (docs/product/public-pages.md). The #overview anchor. */
export function Benefits({ content, fill }: Omit<LandingParts, 'catalogue'>) {
  const { benefits } = content;
  return (
    <SectionShell name="overview" anchor="overview" band="white" heading={fill(benefits.heading)}>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {benefits.items.map((item, index) => (
          <li key={item.title} className="rounded-xl border border-slate-200 p-6 shadow-sm">
            <span
              className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
              aria-hidden
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold">{fill(item.title)}</h3>
            <p className="mt-2 text-slate-700">{fill(item.text)}</p>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
