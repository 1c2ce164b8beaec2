import { PageMeta } from '@client/components/layout/page-meta';
import { BrandHeader } from '@client/components/layout/brand-shell';
import { SiteFooter } from '@client/components/layout/site-footer';
import { site, support } from '@client/content';
import { Island } from '@client/components/layout/island';
import { CONTACT_FORM_ISLAND, ContactForm } from '../components/contact-form';
import { Faq } from '../components/faq';
import { SupportHero } from '../components/support-hero';
import { BusinessHoursCard, CertificateCard, LinkListCard } from '../components/support-sidebar';

/**
 * The support page: rendered by the server with the settings and content in force; in the browser
 * only the contact form, the header's links and the help launcher are hydrated (support-entry.tsx),
 * unless the router app draws it after a link of its own.
 */
export default function SupportPage() {
  return (
    <>
      <PageMeta {...support.meta} />
      <BrandHeader />
      <main id="main" tabIndex={-1}>
        <SupportHero />

        <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 lg:grid-cols-[2fr_1fr]">
          <div className="space-y-12">
            <Faq />
            <section
              aria-labelledby="contact-heading"
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h2 id="contact-heading" className="mb-4 text-2xl font-bold">
                {support.form.heading}
              </h2>
              <Island name={CONTACT_FORM_ISLAND}>
                <ContactForm />
              </Island>
            </section>
          </div>

          <aside className="space-y-8">
            <CertificateCard />
            <BusinessHoursCard />
            <LinkListCard id="social-heading" title="Follow us" links={site.socialLinks} />
            <LinkListCard id="resources-heading" title="Resources" links={support.resources} />
          </aside>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
