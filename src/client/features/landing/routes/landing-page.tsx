import { useEffect, useState } from 'react';
import { PageMeta } from '@client/components/layout/page-meta';
import { SiteFooter } from '@client/components/layout/site-footer';
import { landing } from '@client/content';
import { Benefits } from '../components/benefits';
import { ClosingCta } from '../components/closing-cta';
import { Hero } from '../components/hero';
import { LandingHeader } from '../components/landing-header';
import { Modules } from '../components/modules';
import { Pricing } from '../components/pricing';
import { RecentSignups } from '../components/recent-signups';
import { Testimonials } from '../components/testimonials';

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
 * The landing page. Prerendered, it is hydrated by parts (its islands, landing-entry.tsx); in the
 * router app (a link home) it is rendered whole.
 */
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
      <SiteFooter reserve="signups" />
      {showWidget && <RecentSignups />}
    </>
  );
}
