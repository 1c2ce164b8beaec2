/**
 * The school's settings an owner edits in the admin area (docs/product/admin.md). Each has a default
 * from the environment (README's configuration table); a saved value replaces it until it is cleared.
 */

export const SETTING_KEYS = [
  'cpd_provider_number',
  'course_access_url_foundation',
  'course_access_url_pro',
  'support_email',
  'support_hours',
  'community_url',
  'live_chat_url',
  'sample_signups',
  'certificate_signatory_name',
  'certificate_signatory_title',
  'final_assessment_required',
  'reminders_enabled',
  'seller_name',
  'seller_address',
  'company_number',
  'vat_number',
  'vat_rate_percent',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** What each setting is called in the admin area, and what it changes. */
export const SETTING_LABELS: Record<SettingKey, { label: string; hint: string }> = {
  cpd_provider_number: {
    label: 'CPD provider number',
    hint: 'Printed on every certificate: up to 40 Latin letters, digits, spaces and - / .',
  },
  course_access_url_foundation: {
    label: 'Foundation course link',
    hint: 'Shown to Foundation students once their ID is approved, and in the course-open email.',
  },
  course_access_url_pro: {
    label: 'Pro course link',
    hint: 'Shown to Pro students once their ID is approved, and in the course-open email.',
  },
  support_email: { label: 'Support email', hint: 'On the support page and in the course emails.' },
  support_hours: { label: 'Support hours', hint: 'On the support page.' },
  community_url: {
    label: 'Community group link',
    hint: 'On the support page, the enrollment confirmation and in the course emails.',
  },
  live_chat_url: {
    label: 'Live chat link',
    hint: 'Offered on the support page. Not set: the support page offers no live chat.',
  },
  sample_signups: {
    label: 'Show example sign-ups',
    hint: 'While on, the recent sign-ups widget on the home page shows invented sign-ups, each marked "Example", when no real one is there to show. Off: only students who agreed and paid, or nothing.',
  },
  certificate_signatory_name: {
    label: 'Certificate signatory',
    hint: 'The name printed above the signature line on every certificate. Not set: no name is printed, only the title.',
  },
  certificate_signatory_title: {
    label: 'Signatory title',
    hint: 'Printed under the signatory\'s name, e.g. "Programme Director".',
  },
  final_assessment_required: {
    label: 'Assess a final piece',
    hint: 'While on, a student submits their work for the last stage and a certificate can be requested only once an owner or staff member has passed it (Assessments tab). Off: the last stage is ticked like the others.',
  },
  reminders_enabled: {
    label: 'Send reminders',
    hint: 'While on, a registration that has not paid gets one reminder e-mail, and a student who paid the fee but chose no course gets one too (never to an address that opted out or unsubscribed). Off: no reminders.',
  },
  seller_name: {
    label: 'Seller name on invoices',
    hint: 'The legal name of the business (or of the sole trader) printed on every invoice and credit note from the next one on.',
  },
  seller_address: {
    label: 'Seller address',
    hint: 'The postal address printed on invoices (for a company, its registered office), on one line with commas.',
  },
  company_number: {
    label: 'Company number',
    hint: 'For a limited company: printed on invoices with the registered office. Not set: no company number is printed.',
  },
  vat_number: {
    label: 'VAT registration number',
    hint: 'Set once VAT-registered: invoices then show the number, the VAT rate and the VAT included in each total. Not set: invoices say no VAT is charged.',
  },
  vat_rate_percent: {
    label: 'VAT rate (%)',
    hint: 'The rate printed on invoices while a VAT number is set; prices already include it.',
  },
};

/** What invoices name as the seller until an owner saves a legal name (Settings). */
export const DEFAULT_SELLER_NAME = 'Video Book Review Specialist Certification';
export const DEFAULT_VAT_RATE_PERCENT = '20';

/**
 * The built-in contact details, used when neither the environment (SUPPORT_EMAIL, SUPPORT_HOURS,
 * COMMUNITY_URL) nor a saved setting gives one; the public pages' prerendered copy shows these too.
 */
export const BUILT_IN_CONTACT = {
  supportEmail: 'support@videobookreviewspecialist.com',
  supportHours: 'Monday to Friday, 9 AM to 5 PM GMT',
  communityUrl: 'https://www.facebook.com/groups/videobookreviewspecialists',
} as const;
