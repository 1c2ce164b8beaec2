import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

/**
 * A landing section's frame: a band of colour, a centred column and the heading that names the
 * section for assistive technology (`{name}-heading`). A section that is a link's target (`anchor`:
 * #overview, #pricing…) stops below the sticky header when scrolled to.
 */
export function SectionShell({
  name,
  anchor,
  band,
  heading,
  children,
}: {
  name: string;
  anchor?: string;
  band: 'white' | 'slate';
  heading: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${name}-heading`;
  return (
    <section
      id={anchor}
      aria-labelledby={headingId}
      className={cn(anchor && 'scroll-mt-24', band === 'white' ? 'bg-white' : 'bg-slate-50', 'py-16')}
    >
      <div className="mx-auto max-w-6xl px-4">
        <h2 id={headingId} className="text-center text-3xl font-bold">
          {heading}
        </h2>
        {children}
      </div>
    </section>
  );
}
