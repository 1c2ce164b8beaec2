import { TriangleAlert } from 'lucide-react';
import { COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { SettingsResponse } from '@shared/schemas/admin-school';
import { BUILT_IN_CONTACT } from '@shared/site-settings';

const w = messages.admin.settingsWarnings;

/**
 * What students are promised that is not set, each with what they see instead: the course links
 * (dashboard and course-open email), the CPD number (certificates), the support details (still the
 * built-in ones, neither saved nor given by the environment) and the seller's address (invoices).
 */
export function settingsWarnings(settings: SettingsResponse['settings']): string[] {
  const warnings: string[] = [];
  if (!settings.course_access_url_foundation.value) warnings.push(w.courseLink(COURSES.foundation.shortName));
  if (!settings.course_access_url_pro.value) warnings.push(w.courseLink(COURSES.pro.shortName));
  if (!settings.cpd_provider_number.value?.trim()) warnings.push(w.cpdNumber);
  if (settings.support_email.value === BUILT_IN_CONTACT.supportEmail)
    warnings.push(w.supportEmail(BUILT_IN_CONTACT.supportEmail));
  if (settings.support_hours.value === BUILT_IN_CONTACT.supportHours)
    warnings.push(w.supportHours(BUILT_IN_CONTACT.supportHours));
  if (settings.community_url.value === BUILT_IN_CONTACT.communityUrl)
    warnings.push(w.communityUrl(BUILT_IN_CONTACT.communityUrl));
  if (!settings.seller_address.value?.trim()) warnings.push(w.sellerAddress);
  return warnings;
}

/** The warnings at the top of Settings (nothing when everything promised is set). */
export function SettingsWarnings({ settings }: { settings: SettingsResponse['settings'] }) {
  const warnings = settingsWarnings(settings);
  if (warnings.length === 0) return null;
  return (
    <section
      aria-labelledby="settings-warnings-heading"
      data-testid="settings-warnings"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h3 id="settings-warnings-heading" className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-5 shrink-0" aria-hidden />
        {w.heading}
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm break-words">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </section>
  );
}
