import { landing, site } from '@client/content';

/** Top banner, the page title and the in-page navigation (#overview, #pricing, #testimonials). */
export function LandingHeader() {
  return (
    <header>
      <img
        src={landing.banner.src}
        alt={landing.banner.alt}
        width={1200}
        height={120}
        className="h-16 w-full object-cover object-left sm:h-24"
        fetchPriority="high"
      />
      <div className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
          <div>
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{site.name}</p>
            <h1 className="text-xl font-bold text-slate-900">{site.title}</h1>
          </div>
          <nav aria-label="Page sections">
            <ul className="flex gap-1 text-sm font-semibold sm:gap-4">
              {landing.nav.map((item) => (
                <li key={item.href}>
                  <a
                    href={item.href}
                    className="rounded-md px-2 py-2 text-slate-700 hover:bg-brand-50 hover:text-brand-800"
                  >
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
