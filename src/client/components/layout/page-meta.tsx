import { createContext, useContext, useLayoutEffect } from 'react';

/** Where the prerender (entry-server.tsx) collects the page's title and description for its <head>. */
export interface HeadTags {
  title?: string;
  description?: string;
}
export const HeadTagsContext = createContext<HeadTags | null>(null);

/** The title of src/client/index.html, which pages without a PageMeta keep. */
const SITE_TITLE = 'Video Book Review Specialist Certification';

/**
 * A page's <title> and description. The site runs on Preact's compat layer, which (unlike React 19)
 * does not hoist <title>/<meta> into <head>: the prerender puts them in <head>, and in the browser the
 * page sets them. When the page goes, the site's title comes back (a page without a PageMeta, as on a
 * fresh load) and so does the previous description. Renders nothing, so the prerendered HTML and the
 * hydration agree.
 */
export function PageMeta({ title, description }: { title: string; description?: string }) {
  const collected = useContext(HeadTagsContext);
  if (collected) Object.assign(collected, description === undefined ? { title } : { title, description });
  useLayoutEffect(() => {
    const meta = document.querySelector('meta[name="description"]');
    const previousDescription = meta?.getAttribute('content');
    document.title = title;
    if (description !== undefined) meta?.setAttribute('content', description);
    return () => {
      document.title = SITE_TITLE;
      if (description !== undefined && previousDescription != null) meta?.setAttribute('content', previousDescription);
    };
  }, [title, description]);
  return null;
}
