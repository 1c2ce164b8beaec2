import type { LandingParts } from './landing-parts';

/** 'Why Choose Our Program?' — shown once (docs/product/public-pages.md). The #overview anchor. */
export function Benefits({ content, fill }: Omit<LandingParts, 'catalogue'>) {
  const { benefits } = content;
  return (
    <section id="overview" aria-labelledby="overview-heading" className="scroll-mt-24 bg-white py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="overview-heading" className="text-center text-3xl font-bold">
          {fill(benefits.heading)}
        </h2>
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
      </div>
    </section>
  );
}
