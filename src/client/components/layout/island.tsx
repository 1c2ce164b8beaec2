import type { ReactNode } from 'react';

/**
 * A part of a prerendered page that needs JavaScript, on a page whose entry hydrates only such parts
 * (the landing page, landing-entry.tsx): that entry finds it by `name` and hydrates it as a root of
 * its own, with the `props` the page rendered it with (kept in the markup, as the page's words come
 * from the database). The wrapper has no box of its own (display: contents), so the layout is the same
 * with or without it; in the router app it is just that wrapper.
 */
export function Island({ name, props, children }: { name: string; props?: object; children: ReactNode }) {
  return (
    <div data-island={name} data-props={props && JSON.stringify(props)} className="contents">
      {children}
    </div>
  );
}
