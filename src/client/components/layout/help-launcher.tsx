import { Link, useLocation } from 'react-router';
import { paths } from '@shared/routes';

/**
 * The floating help button SPEC.md leaves open (docs/decisions/005-help-launcher.md): on every page
 * whose path has no /admin, it leads to the support page.
 */
export function HelpLauncher() {
  const { pathname } = useLocation();
  if (pathname.includes('/admin')) return null;
  const here = pathname === paths.support;
  return (
    // In a landmark of its own, so all of the page's content is inside one (axe `region`).
    <aside aria-label="Help" className="print:hidden">
      <Link
        to={paths.support}
        aria-current={here ? 'page' : undefined}
        className="fixed right-4 bottom-4 z-40 inline-flex items-center gap-2 rounded-full bg-brand-700 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-brand-800 print:hidden"
      >
        {/* Drawn inline rather than from lucide-react: this is on the landing page's first load. */}
        <svg viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2" aria-hidden>
          <circle cx="12" cy="12" r="10" />
          <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" strokeLinecap="round" />
        </svg>
        Help
      </Link>
    </aside>
  );
}
