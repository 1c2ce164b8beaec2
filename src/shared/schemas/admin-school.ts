/** The admin's Settings and Cohorts (docs/product/admin.md): owners only. */
import { z } from 'zod';
import { SETTING_KEYS, type SettingKey } from '@shared/site-settings';
import { messages } from '@shared/messages';
import { text } from './text';

const m = messages.admin;

/** An empty field means "back to the default", like null. */
const emptyIsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable());

const httpUrl = text({ error: m.settingInvalidUrl })
  .trim()
  .max(500, m.settingTooLong)
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: m.settingInvalidUrl }));
const shortText = text({ error: m.settingTooLong }).trim().min(1).max(200, m.settingTooLong);
const email = text({ error: m.settingInvalidEmail })
  .trim()
  .max(254, m.settingInvalidEmail)
  .pipe(z.email({ error: m.settingInvalidEmail }));

/**
 * The CPD provider number, printed on every certificate in the PDF's standard font: what fits on its
 * line and prints (Latin letters, digits, spaces and - / .), at most CPD_NUMBER_MAX_LENGTH characters.
 */
const CPD_NUMBER_MAX_LENGTH = 40;
const cpdNumber = text({ error: m.settingCpdNumber })
  .trim()
  .min(1)
  .max(CPD_NUMBER_MAX_LENGTH, m.settingCpdNumber)
  .regex(/^[A-Za-z0-9 ./-]+$/, m.settingCpdNumber);

const address = text({ error: m.settingAddressTooLong }).trim().min(1).max(300, m.settingAddressTooLong);
const companyNumber = text({ error: m.settingCompanyNumber })
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^(\d{8}|[A-Z]{2}\d{6})$/, m.settingCompanyNumber));
/** GB and 9 digits (12 for a branch), kept without spaces. */
const vatNumber = text({ error: m.settingVatNumber })
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^GB(\d{9}|\d{12})$/, m.settingVatNumber));
const vatRate = text({ error: m.settingVatRate })
  .trim()
  .regex(/^\d{1,2}$/, m.settingVatRate);

const settingRules: Record<SettingKey, z.ZodType<string>> = {
  cpd_provider_number: cpdNumber,
  course_access_url_foundation: httpUrl,
  course_access_url_pro: httpUrl,
  support_email: email,
  support_hours: shortText,
  community_url: httpUrl,
  live_chat_url: httpUrl,
  sample_signups: z.enum(['on', 'off'], { error: m.settingInvalidSwitch }),
  certificate_signatory_name: shortText,
  certificate_signatory_title: shortText,
  final_assessment_required: z.enum(['on', 'off'], { error: m.settingInvalidSwitch }),
  reminders_enabled: z.enum(['on', 'off'], { error: m.settingInvalidSwitch }),
  seller_name: shortText,
  seller_address: address,
  company_number: companyNumber,
  vat_number: vatNumber,
  vat_rate_percent: vatRate,
};

/** PUT /api/admin/settings: any of the settings; null (or empty) restores the environment's default. */
export const settingsUpdateBody = z
  .strictObject({
    cpd_provider_number: emptyIsNull(settingRules.cpd_provider_number).optional(),
    course_access_url_foundation: emptyIsNull(settingRules.course_access_url_foundation).optional(),
    course_access_url_pro: emptyIsNull(settingRules.course_access_url_pro).optional(),
    support_email: emptyIsNull(settingRules.support_email).optional(),
    support_hours: emptyIsNull(settingRules.support_hours).optional(),
    community_url: emptyIsNull(settingRules.community_url).optional(),
    live_chat_url: emptyIsNull(settingRules.live_chat_url).optional(),
    sample_signups: emptyIsNull(settingRules.sample_signups).optional(),
    certificate_signatory_name: emptyIsNull(settingRules.certificate_signatory_name).optional(),
    certificate_signatory_title: emptyIsNull(settingRules.certificate_signatory_title).optional(),
    final_assessment_required: emptyIsNull(settingRules.final_assessment_required).optional(),
    reminders_enabled: emptyIsNull(settingRules.reminders_enabled).optional(),
    seller_name: emptyIsNull(settingRules.seller_name).optional(),
    seller_address: emptyIsNull(settingRules.seller_address).optional(),
    company_number: emptyIsNull(settingRules.company_number).optional(),
    vat_number: emptyIsNull(settingRules.vat_number).optional(),
    vat_rate_percent: emptyIsNull(settingRules.vat_rate_percent).optional(),
  })
  .refine((body) => SETTING_KEYS.some((key) => body[key] !== undefined), { message: m.settingsNothingToChange });
export type SettingsUpdateBody = z.input<typeof settingsUpdateBody>;

export const settingSchema = z.object({
  /** The value in force. */
  value: z.string().nullable(),
  /** The environment's value, used when none is saved. */
  default: z.string().nullable(),
  /** Whether an owner saved a value (then when and by whom). */
  saved: z.boolean(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type Setting = z.infer<typeof settingSchema>;

export const settingsResponse = z.object({
  settings: z.object(
    Object.fromEntries(SETTING_KEYS.map((key) => [key, settingSchema])) as Record<SettingKey, typeof settingSchema>,
  ),
});
export type SettingsResponse = z.infer<typeof settingsResponse>;

const capacity = z
  .number({ error: m.cohortCapacityInvalid })
  .int(m.cohortCapacityInvalid)
  .min(1, m.cohortCapacityInvalid)
  .max(100_000, m.cohortCapacityInvalid)
  .nullable();

export const cohortSchema = z.object({
  course_start_date: z.string(),
  capacity: z.number().int().nullable(),
  closed: z.boolean(),
  /** Students who paid the course: their place is kept. */
  enrolled: z.number().int(),
  /** Unpaid students whose hold is live (or whose course payment is in flight). */
  held: z.number().int(),
  /** Places kept for someone e-mailed from the waitlist (live offers). */
  offered: z.number().int(),
  /** On the waitlist, not yet offered a place. */
  waiting: z.number().int(),
});
export type CohortItem = z.infer<typeof cohortSchema>;

/** GET /api/admin/cohorts/{date}/waitlist: first in line first. */
export const cohortWaitlistResponse = z.object({
  waitlist: z.array(
    z.object({
      email: z.string(),
      first_name: z.string(),
      joined_at: z.string(),
      offered_at: z.string().nullable(),
    }),
  ),
});
export type CohortWaitlistResponse = z.infer<typeof cohortWaitlistResponse>;

export const cohortListResponse = z.object({ cohorts: z.array(cohortSchema) });
export type CohortListResponse = z.infer<typeof cohortListResponse>;

export const cohortCreateBody = z.strictObject({
  course_start_date: z.iso.date({ error: m.cohortDateRequired }),
  capacity: capacity.optional(),
});
export type CohortCreateBody = z.infer<typeof cohortCreateBody>;

export const cohortUpdateBody = z
  .strictObject({ capacity: capacity.optional(), closed: z.boolean().optional() })
  .refine((body) => body.capacity !== undefined || body.closed !== undefined, { message: m.cohortNothingToChange });
export type CohortUpdateBody = z.infer<typeof cohortUpdateBody>;

export const cohortDateParams = z.object({ date: z.iso.date({ error: m.cohortDateRequired }) });
