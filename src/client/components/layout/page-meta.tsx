import { createContext, useContext, useLayoutEffect } from 'react';

/** Where the prerender (entry-server.tsx) collects the page's title and description for its <head>. */
export interface HeadTags {
  title?: string;
  description?: string;
}
export const HeadTagsContext = createContext<HeadTags | null>(null);

/**
 * A page's <title> and description. The site runs on Preact's compat layer, which (unlike React 19)
 * does not hoist <title>/<meta> into <head>: the prerender puts them in <head>, and in the browser the
 * page sets them (and puts the previous ones back when it goes). Renders nothing, so the prerendered
 * HTML and the hydration agree.
 */
export function PageMeta({ title, description }: { title: string; description?: string }) {
  const collected = useContext(HeadTagsContext);
  if (collected) Object.assign(collected, description === undefined ? { title } : { title, description });
  useLayoutEffect(() => {
    const meta = document.querySelector('meta[name="description"]');
    const previous = { title: document.title, description: meta?.getAttribute('content') };
    document.title = title;
    if (description !== undefined) meta?.setAttribute('content', description);
    return () => {
      document.title = previous.title;
      if (description !== undefined && previous.description != null)
        meta?.setAttribute('content', previous.description);
    };
  }, [title, description]);
  return null;
}
