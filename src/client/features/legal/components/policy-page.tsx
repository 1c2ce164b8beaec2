import { PageMeta } from '@client/components/layout/page-meta';
import { BrandHeader } from '@client/components/layout/brand-shell';
import { SiteFooter } from '@client/components/layout/site-footer';
import type { ReactNode } from 'react';
import { fillCatalogueText } from '@shared/catalogue-text';
import { Spinner } from '@client/components/ui/spinner';
import { useCatalogue } from '@client/lib/catalogue';
import type { PolicySection } from '../policies';

interface PolicyPageProps {
  meta: { title: string; description: string };
  heading: string;
  /** A versioned document (the terms of sale): shown beside the date. */
  version?: string;
  lastUpdated: string;
  sections: readonly PolicySection[];
  /** Content shown at the end of the section with this heading (e.g. figures read from the server). */
  extras?: Partial<Record<string, ReactNode>>;
}

/**
 * A policy document from policies.ts: heading, last update and numbered sections. A paragraph that
 * names a price (`{pro_total}`) shows the catalogue's in force.
 */
export function PolicyPage({ meta, heading, version, lastUpdated, sections, extras = {} }: PolicyPageProps) {
  const catalogue = useCatalogue();
  return (
    <>
      <PageMeta {...meta} />
      <BrandHeader />
      <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-12 [overflow-wrap:anywhere]">
        <h1 className="text-3xl font-extrabold">{heading}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {version && `Version ${version} · `}Last updated {lastUpdated}
        </p>
        {sections.map((section, index) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-xl font-bold">
              {index + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) =>
              !paragraph.includes('{') ? (
                <p key={paragraph} className="mt-3 leading-relaxed text-slate-800">
                  {paragraph}
                </p>
              ) : catalogue ? (
                <p key={paragraph} className="mt-3 leading-relaxed text-slate-800">
                  {fillCatalogueText(paragraph, catalogue)}
                </p>
              ) : (
                <Spinner key={paragraph} label="Loading prices…" />
              ),
            )}
            {extras[section.heading]}
          </section>
        ))}
      </main>
      <SiteFooter />
    </>
  );
}
