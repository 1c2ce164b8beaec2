import { useEffect, useState } from 'react';
import { PageMeta } from '@client/components/layout/page-meta';
import { SiteFooter } from '@client/components/layout/site-footer';
import { landing } from '@client/content';
import { Spinner } from '@client/components/ui/spinner';
import { useCatalogue } from '@client/lib/catalogue';
import { useFilledContent } from '@client/lib/site-content';
import { Benefits } from '@client/components/site-sections/benefits';
import { ClosingCta } from '@client/components/site-sections/closing-cta';
import { Hero } from '../components/hero';
import { LandingHeader } from '../components/landing-header';
import { Modules } from '@client/components/site-sections/modules';
import { Pricing } from '@client/components/site-sections/pricing';
import { RecentSignups } from '../components/recent-signups';
import { Testimonials } from '@client/components/site-sections/testimonials';

function useAfterPageLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === 'complete') {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  return loaded;
}

/**
 * The landing page, drawn from the content and the catalogue in force. Rendered by the server with
 * both in its query cache, it is hydrated by parts (its islands, landing-entry.tsx); in the router app
 * (a link home) it is rendered whole, once both have arrived.
 */
export default function LandingPage() {
  const showWidget = useAfterPageLoad();
  const filled = useFilledContent();
  const catalogue = useCatalogue();
  const parts = filled && catalogue && { ...filled, catalogue };
  return (
    <>
      <PageMeta title={landing.meta.title} description={parts ? parts.fill(landing.meta.description) : ''} />
      <LandingHeader />
      <main id="main" tabIndex={-1}>
        {parts ? (
          <>
            <Hero {...parts} />
            <Benefits {...parts} />
            <Pricing {...parts} />
            <Modules {...parts} />
            <Testimonials {...parts} />
            <ClosingCta {...parts} />
          </>
        ) : (
          <Spinner label="Loading…" />
        )}
      </main>
      <SiteFooter reserve="signups" />
      {showWidget && <RecentSignups />}
    </>
  );
}
