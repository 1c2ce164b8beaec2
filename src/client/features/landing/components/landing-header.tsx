import { BrandHeader } from '@client/components/layout/brand-shell';
import { landing, site } from '@client/content';

/** The site's one header, with the in-page navigation (#overview, #pricing, #testimonials) from 768 px. */
export function LandingHeader() {
  return <BrandHeader sections={landing.nav} />;
}

/**
 * The page's title and, on phones, the in-page navigation (which the header carries from 768 px):
 * the first lines of the hero, so the header stays one row.
 */
export function LandingTitle() {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <h1 className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{site.title}</h1>
      <nav aria-label="Page sections" className="md:hidden">
        <ul className="-mx-2 flex gap-1 text-sm font-semibold">
          {landing.nav.map((item) => (
            <li key={item.href}>
              <a href={item.href} className="rounded-md px-2 py-2 text-white underline-offset-2 hover:underline">
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
