import { footer, site } from '@client/content';
import { SmartLink } from './smart-link';

/**
 * The public pages' footer (docs/product/public-pages.md): student, support, policy, admin and
 * external links. Its foot is a band kept free for what floats (docs/decisions/036): the help
 * launcher, and with `reserve="signups"` (the landing page) the sign-up widget, which steps aside
 * wherever it would cover content and so shows there.
 */
export function SiteFooter({ reserve = 'help' }: { reserve?: 'help' | 'signups' }) {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="mt-2 text-sm">{footer.tagline}</p>
        </div>
        {footer.groups.map((group) => (
          <nav key={group.heading} aria-label={group.heading}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{group.heading}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.label}>
                  <SmartLink href={link.href} className="hover:text-white hover:underline">
                    {link.label}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p
        className={`border-t border-slate-800 pt-4 text-center text-xs text-slate-400 ${reserve === 'signups' ? 'pb-40 sm:pb-76' : 'pb-20'}`}
        suppressHydrationWarning
      >
        © {new Date().getFullYear()} {site.name}. All rights reserved.
      </p>
    </footer>
  );
}
