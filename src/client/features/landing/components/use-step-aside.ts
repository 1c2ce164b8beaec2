import { useEffect, useState, type RefObject } from 'react';
import { coversContent } from '@client/lib/covers-content';

/**
 * Whether the floating widget must step aside: while the hero (the first view) is on screen, or
 * while its box would lie over any content of the page, text included (lib/covers-content.ts). The
 * landing page's foot keeps a band free for it (SiteFooter `reserve`), so it shows at the end of the
 * page and wherever else the page leaves it room.
 */
export function useStepAside(widget: RefObject<HTMLElement | null>, present: boolean): boolean {
  const [aside, setAside] = useState(true);
  useEffect(() => {
    const check = () => {
      const box = widget.current?.getBoundingClientRect();
      const heroBox = document.getElementById('hero')?.getBoundingClientRect();
      if (heroBox && heroBox.bottom > 0) return setAside(true);
      if (!box || box.height === 0) return setAside(false);
      setAside(coversContent(box));
    };
    // Checked on every scroll: no animation frame, so it also holds under a test's fake clock.
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    const observer = new ResizeObserver(check);
    if (widget.current) observer.observe(widget.current);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      observer.disconnect();
    };
  }, [widget, present]);
  return aside;
}
