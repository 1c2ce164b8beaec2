/** A page's <title> and description. React 19 hoists both into <head>, also when prerendered. */
export function PageMeta({ title, description }: { title: string; description: string }) {
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
    </>
  );
}
