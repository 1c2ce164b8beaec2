import { Download, Users } from 'lucide-react';
import { useSupportContact } from '@client/lib/support-contact';
import { enrolmentLinks } from '../lib/links';

/** The bonus download and the community group: shown on the confirmation step and on /success. */
export function BonusAndCommunity() {
  const { communityUrl } = useSupportContact();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <a
        href={enrolmentLinks.bonusPdfUrl}
        download
        className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 font-semibold text-brand-800 hover:bg-brand-50"
      >
        <Download className="size-5 shrink-0" aria-hidden />
        <span>
          Download your bonus PDF
          <span className="block text-sm font-normal text-slate-700">{enrolmentLinks.bonusPdfTitle}</span>
        </span>
      </a>
      <a
        href={communityUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 font-semibold text-brand-800 hover:bg-brand-50"
      >
        <Users className="size-5 shrink-0" aria-hidden />
        <span>
          Join the private community group
          <span className="block text-sm font-normal text-slate-700">
            {enrolmentLinks.communityGroupName} (opens in a new tab)
          </span>
        </span>
      </a>
    </div>
  );
}
