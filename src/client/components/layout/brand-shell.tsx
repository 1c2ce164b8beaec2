import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brandShell, site } from '@client/content';
import { paths } from '@shared/routes';
import { PageMeta, SITE_TITLE } from './page-meta';

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
    <Link
      to={paths.home}
      className={`inline-flex min-w-0 items-center gap-2 rounded-md font-bold text-brand-900 hover:text-brand-700 ${className}`}
    >
      <BrandMark />
      <span className="leading-tight">{site.name}</span>
    </Link>
  );
}

/** The reassurance payment steps carry beside the brand. */
export function SecurePaymentNote() {
  return (
    <p className="inline-flex items-center gap-1.5 text-xs font-semibold text-emerald-800 sm:text-sm">
      <svg viewBox="0 0 24 24" className="size-4 shrink-0 fill-none stroke-current stroke-2" aria-hidden>
        <rect x="4" y="11" width="16" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </svg>
      {brandShell.securePayment}
    </p>
  );
}

/** The header of the task pages (wizard, success, student and admin areas). */
export function BrandHeader({ secure = false, children }: { secure?: boolean; children?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <BrandLink />
        {secure && <SecurePaymentNote />}
        {children}
      </div>
    </header>
  );
}

/** The small footer of the task pages: support, privacy and terms. */
export function BrandFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-2 px-4 pt-5 pb-20 text-sm text-slate-700 sm:flex-row sm:justify-between sm:pr-36 sm:pb-5">
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} {site.name}
        </p>
        <nav aria-label={brandShell.footerLabel}>
          <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
            {brandShell.footerLinks.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="underline-offset-2 hover:text-brand-800 hover:underline">
                  {link.label}
                </Link>
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
