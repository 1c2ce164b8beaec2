import { Award, Clock, Mail, MessageCircle, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '@client/components/layout/page-meta';
import { BrandHeader } from '@client/components/layout/brand-shell';
import { SiteFooter } from '@client/components/layout/site-footer';
import { SmartLink } from '@client/components/layout/smart-link';
import { site, support } from '@client/content';
import { useSupportContact } from '@client/lib/support-contact';
import { paths } from '@shared/routes';
import { ContactForm } from '../components/contact-form';
import { Faq } from '../components/faq';

export default function SupportPage() {
  const { channels } = support;
  const contact = useSupportContact();
  return (
    <>
      <PageMeta {...support.meta} />
      <BrandHeader />
      <main id="main" tabIndex={-1}>
        <section
          aria-labelledby="support-heading"
          className="bg-gradient-to-b from-brand-900 to-brand-800 py-12 text-white"
        >
          <div className="mx-auto max-w-6xl px-4">
            <h1 id="support-heading" className="text-3xl font-extrabold sm:text-4xl">
              {support.heading}
            </h1>
            <p className="mt-3 text-lg text-brand-100">{support.intro}</p>
            <ul className="mt-8 grid gap-4 md:grid-cols-3">
              <li className="rounded-xl bg-white/10 p-5">
                <Mail className="size-6" aria-hidden />
                <h2 className="mt-2 font-semibold">{channels.email.title}</h2>
                <a
                  href={`mailto:${contact.email}`}
                  className="mt-1 block break-all text-brand-100 underline hover:text-white"
                >
                  {contact.email}
                </a>
              </li>
              <li className="rounded-xl bg-white/10 p-5">
                <MessageCircle className="size-6" aria-hidden />
                <h2 className="mt-2 font-semibold">{channels.liveChat.title}</h2>
                <p className="mt-1 text-brand-100">{contact.hours}</p>
              </li>
              <li className="rounded-xl bg-white/10 p-5">
                <Users className="size-6" aria-hidden />
                <h2 className="mt-2 font-semibold">{channels.community.title}</h2>
                <SmartLink href={contact.communityUrl} className="mt-1 block text-brand-100 underline hover:text-white">
                  {channels.community.text}
                </SmartLink>
              </li>
            </ul>
          </div>
        </section>

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
              <ContactForm />
            </section>
          </div>

          <aside className="space-y-8">
            <section
              aria-labelledby="certificate-heading"
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h2 id="certificate-heading" className="flex items-center gap-2 text-lg font-bold">
                <Award className="size-5 text-brand-700" aria-hidden />
                {support.certificatePreview.heading}
              </h2>
              <div
                className="mt-4 rounded-lg border-4 border-double border-amber-600 bg-amber-50 p-4 text-center"
                aria-hidden
              >
                <p className="text-xs tracking-widest text-amber-900 uppercase">Certificate of Completion</p>
                <p className="mt-2 font-serif text-lg text-slate-900">Your Name</p>
                <p className="text-xs text-slate-700">{site.name}</p>
              </div>
              <p className="mt-4 text-sm text-slate-700">{support.certificatePreview.text}</p>
              <Link to={paths.certificateDemo} className="mt-2 inline-block font-semibold text-brand-700 underline">
                {support.certificatePreview.linkLabel}
              </Link>
            </section>

            <section
              aria-labelledby="hours-heading"
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h2 id="hours-heading" className="flex items-center gap-2 text-lg font-bold">
                <Clock className="size-5 text-brand-700" aria-hidden />
                Business hours
              </h2>
              <dl className="mt-3 space-y-2 text-sm">
                {support.businessHours.map((row) => (
                  <div key={row.days}>
                    <dt className="font-semibold">{row.days}</dt>
                    <dd className="text-slate-700">{row.hours}</dd>
                  </div>
                ))}
              </dl>
            </section>

            <LinkListCard id="social-heading" title="Follow us" links={site.socialLinks} />
            <LinkListCard id="resources-heading" title="Resources" links={support.resources} />
          </aside>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}

/** A titled list of links (social pages, resources) in the support page's sidebar. */
function LinkListCard({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: readonly { label: string; href: string }[];
}) {
  return (
    <nav aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <SmartLink href={link.href} className="font-semibold text-brand-700 underline">
              {link.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
