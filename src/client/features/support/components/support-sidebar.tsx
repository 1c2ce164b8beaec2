import { Award, Clock } from 'lucide-react';
import { AppLink } from '@client/components/layout/navigation';
import { SmartLink } from '@client/components/layout/smart-link';
import { site, support } from '@client/content';
import { paths } from '@shared/routes';

/** A small drawing of the certificate, with a link to the demo. */
export function CertificateCard() {
  return (
    <section
      aria-labelledby="certificate-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="certificate-heading" className="flex items-center gap-2 text-lg font-bold">
        <Award className="size-5 text-brand-700" aria-hidden />
        {support.certificatePreview.heading}
      </h2>
      <div className="mt-4 rounded-lg border-4 border-double border-amber-600 bg-amber-50 p-4 text-center" aria-hidden>
        <p className="text-xs tracking-widest text-amber-900 uppercase">Certificate of Completion</p>
        <p className="mt-2 font-serif text-lg text-slate-900">Your Name</p>
        <p className="text-xs text-slate-700">{site.name}</p>
      </div>
      <p className="mt-4 text-sm text-slate-700">{support.certificatePreview.text}</p>
      <AppLink to={paths.certificateDemo} className="mt-2 inline-block font-semibold text-brand-700 underline">
        {support.certificatePreview.linkLabel}
      </AppLink>
    </section>
  );
}

export function BusinessHoursCard() {
  return (
    <section aria-labelledby="hours-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
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
  );
}

export /** A titled list of links (social pages, resources) in the support page's sidebar. */
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
