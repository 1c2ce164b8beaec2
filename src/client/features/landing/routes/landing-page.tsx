import { lazy, Suspense, useEffect, useState } from 'react';
import { OptionalPart } from '@client/components/layout/optional-part';
import { PageMeta } from '@client/components/layout/page-meta';
import { SiteFooter } from '@client/components/layout/site-footer';
import { landing } from '@client/content';
import { Benefits } from '../components/benefits';
import { ClosingCta } from '../components/closing-cta';
import { Hero } from '../components/hero';
import { LandingHeader } from '../components/landing-header';
import { Modules } from '../components/modules';
import { Pricing } from '../components/pricing';
import { Testimonials } from '../components/testimonials';

// The widget needs the API, so it is not prerendered; its code loads once the page has loaded.
const RecentSignupsWidget = lazy(() =>
  import('../components/recent-signups-widget').then((module) => ({ default: module.RecentSignupsWidget })),
);

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

export default function LandingPage() {
  const showWidget = useAfterPageLoad();
  return (
    <>
      <PageMeta {...landing.meta} />
      <LandingHeader />
      <main id="main" tabIndex={-1}>
        <Hero />
        <Benefits />
        <Pricing />
        <Modules />
        <Testimonials />
        <ClosingCta />
      </main>
      <SiteFooter />
      {showWidget && (
        <OptionalPart>
          <Suspense fallback={null}>
            <RecentSignupsWidget />
          </Suspense>
        </OptionalPart>
      )}
    </>
  );
}
