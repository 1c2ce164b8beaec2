/** The title of src/client/index.html: pages with nothing of their own to say use it. */
export const SITE_TITLE = 'Video Book Review Specialist Certification';

/**
 * A page's <title> and description. React 19 hoists both into <head>: in the browser, and when
 * rendered on the server (entry-server.tsx moves them there). When the page goes, React removes
 * them, so every page renders one: a page without a title of its own gives SITE_TITLE.
 */
export function PageMeta({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <title>{title}</title>
      {description !== undefined && <meta name="description" content={description} />}
    </>
  );
}
