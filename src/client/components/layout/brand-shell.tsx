import type { ReactNode } from 'react';
import { brandShell, site, type Link } from '@client/content';
import { useStudentToken } from '@client/lib/use-student-session';
import { paths } from '@shared/routes';
import { buttonClasses } from '../ui/button';
import { Island } from './island';
import { AppLink, usePathname } from './navigation';
import { PageMeta, SITE_TITLE } from './page-meta';

/**
 * How wide the header, the footer and the page between them are: one width per page, so the footer
 * lines up with the header (the admin dashboard's tables take the wider one).
 */
const widths = { page: 'max-w-6xl', wide: 'max-w-7xl' } as const;
export type ShellWidth = keyof typeof widths;

/** The site's mark: drawn inline (no request, no icon library on the first load). */
function BrandMark() {
  return (
    <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
      <rect width="32" height="32" rx="8" className="fill-brand-700" />
      <path d="M8 9.5c2.6-.9 5.3-.6 7.5 1v13c-2.2-1.6-4.9-1.9-7.5-1z" className="fill-white" />
      <path d="M24 9.5c-2.6-.9-5.3-.6-7.5 1v13c2.2-1.6 4.9-1.9 7.5-1z" className="fill-brand-200" />
      <path d="M19 14.2v4.6l3.6-2.3z" className="fill-brand-800" />
    </svg>
  );
}

/** The logo and name, linking home: the first thing of every page's header. */
export function BrandLink({ className = '' }: { className?: string }) {
  return (
    <AppLink
      to={paths.home}
      aria-label={site.name}
      className={`inline-flex min-w-0 items-center gap-2 rounded-md font-bold text-brand-900 hover:text-brand-700 ${className}`}
    >
      <BrandMark />
      {/* Two lines at most on a phone; below 360 px the mark alone (the link keeps the name). */}
      <span className="text-sm leading-tight max-[359px]:sr-only sm:text-base" aria-hidden>
        {site.name}
      </span>
    </AppLink>
  );
}

/** The reassurance payment steps carry beside the brand (on phones the lock and a short word). */
export function SecurePaymentNote() {
  return (
    <p className="inline-flex items-center gap-1.5 text-xs font-semibold text-emerald-800 sm:text-sm">
      <svg viewBox="0 0 24 24" className="size-4 shrink-0 fill-none stroke-current stroke-2" aria-hidden>
        <rect x="4" y="11" width="16" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </svg>
      <span className="sm:hidden" aria-hidden>
        {brandShell.securePaymentShort}
      </span>
      <span className="max-sm:sr-only">{brandShell.securePayment}</span>
    </p>
  );
}

export const HEADER_LINKS_ISLAND = 'header-links';

/**
 * Sign in and Enroll Now; the page a link leads to leaves it out. A signed-in student (in any tab,
 * since a restart) is offered their dashboard instead of a sign-in: prerendered signed out, that shows
 * once the page has loaded (on the landing page, as an island: landing-entry.tsx).
 */
export function HeaderLinks() {
  const pathname = usePathname();
  const signedIn = useStudentToken() !== null;
  const links = [
    {
      label: signedIn ? brandShell.dashboardLink : brandShell.signInLink,
      href: signedIn ? paths.studentDashboard : paths.studentLogin,
      className: 'px-2 py-1.5 font-semibold whitespace-nowrap text-brand-800 hover:underline',
    },
    { label: brandShell.enrolLink, href: paths.enrol, className: buttonClasses('primary', 'sm', 'whitespace-nowrap') },
  ].filter((link) => link.href !== pathname);
  return (
    <nav aria-label={brandShell.headerNavLabel}>
      <ul className="flex items-center gap-1 sm:gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <AppLink to={link.href} className={link.className}>
              {link.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The one header of every page (docs/decisions/036): the brand once, then Enroll Now and Sign in
 * (My dashboard for a signed-in student; the page a link leads to leaves it out), or the page's own action instead (Logout). Plain links
 * only, so on the prerendered landing page it works before and without any script. `sections` are
 * the landing page's in-page links, in the header from 768 px. One row, at most 64 px tall on phones.
 */
export function BrandHeader({
  secure = false,
  width = 'page',
  sections,
  children,
}: {
  secure?: boolean;
  width?: ShellWidth;
  sections?: readonly Link[];
  children?: ReactNode;
}) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className={`mx-auto flex ${widths[width]} items-center justify-between gap-3 px-4 py-3`}>
        <BrandLink />
        {sections && (
          <nav aria-label="Page sections" className="max-md:hidden">
            <ul className="flex gap-1 text-sm font-semibold">
              {sections.map((section) => (
                <li key={section.href}>
                  <a
                    href={section.href}
                    className="rounded-md px-2 py-2 text-slate-700 hover:bg-brand-50 hover:text-brand-800"
                  >
                    {section.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="flex shrink-0 items-center gap-2 text-sm sm:gap-3">
          {secure && <SecurePaymentNote />}
          {children ?? (
            <Island name={HEADER_LINKS_ISLAND}>
              <HeaderLinks />
            </Island>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The small footer of the task pages: support, privacy and terms, as wide as the header. Its foot is
 * kept free for the help launcher (docs/decisions/036).
 */
export function BrandFooter({ width = 'page' }: { width?: ShellWidth }) {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div
        className={`mx-auto flex ${widths[width]} flex-col items-center gap-2 px-4 pt-5 pb-20 text-sm text-slate-700 sm:flex-row sm:justify-between`}
      >
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} {site.name}
        </p>
        <nav aria-label={brandShell.footerLabel}>
          <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
            {brandShell.footerLinks.map((link) => (
              <li key={link.href}>
                <AppLink to={link.href} className="underline-offset-2 hover:text-brand-800 hover:underline">
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/**
 * One site shell for the pages that are not the marketing pages: brand header, the page, small
 * footer. `title` is the page's <title> (the site's by default); `secure` adds the secure-payment
 * note (payment steps); `headerEnd` is the page's own header action (Logout).
 */
export function BrandShell({
  children,
  title = SITE_TITLE,
  secure = false,
  headerEnd,
}: {
  children: ReactNode;
  title?: string;
  secure?: boolean;
  headerEnd?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <PageMeta title={title} />
      <BrandHeader secure={secure}>{headerEnd}</BrandHeader>
      <div className="flex-1">{children}</div>
      <BrandFooter />
    </div>
  );
}
