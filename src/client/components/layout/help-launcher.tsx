import { useEffect, useRef, useState } from 'react';
import { coversContent } from '@client/lib/covers-content';
import { paths } from '@shared/routes';
import { AppLink, usePathname } from './navigation';

/** The help launcher's island (the landing page's entry hydrates it on its own). */
export const HELP_LAUNCHER_ISLAND = 'help-launcher';

/**
 * The floating help button (docs/decisions/005-help-launcher.md): on every page
 * whose path has no /admin, it leads to the support page.
 */
export function HelpLauncher() {
  const pathname = usePathname();
  const link = useRef<HTMLAnchorElement>(null);
  const [aside, setAside] = useState(false);

  // Steps aside while it would sit on any of the page's content: text, a heading, a field, a button
  // (lib/covers-content.ts). The page's foot leaves room for it, so it shows at the end of every page.
  // Measured at most once a frame, just before the frame is drawn: a page that renders in bursts (its
  // data arriving) is measured once per frame, not after every change, each forcing a layout.
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const box = link.current?.getBoundingClientRect();
      if (box) setAside(coversContent(box));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [pathname]);

  if (pathname.includes('/admin')) return null;
  const here = pathname === paths.support;
  return (
    // In a landmark of its own, so all of the page's content is inside one (axe `region`).
    <aside aria-label="Help" data-floating className="print:hidden">
      <AppLink
        ref={link}
        to={paths.support}
        aria-current={here ? 'page' : undefined}
        aria-label="Help"
        data-stepped-aside={aside ? 'true' : 'false'}
        className={`fixed right-4 bottom-4 z-40 inline-flex items-center gap-2 rounded-full bg-brand-700 p-3 text-sm font-semibold text-white shadow-lg hover:bg-brand-800 sm:px-4 print:hidden ${aside ? 'invisible' : ''}`}
      >
        {/* Drawn inline rather than from lucide-react: this is on the landing page's first load. */}
        <svg viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2" aria-hidden>
          <circle cx="12" cy="12" r="10" />
          <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" strokeLinecap="round" />
        </svg>
        {/* The word from 640 px; on phones the round button alone, a smaller footprint. */}
        <span className="max-sm:hidden">Help</span>
      </AppLink>
    </aside>
  );
}
