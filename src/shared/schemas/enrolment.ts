import { z } from 'zod';
import { nameText, text } from './text';
import { COURSE_TYPES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { uuidSchema } from './common';

const m = messages.enrolment;

const requiredText = (max: number, rule: typeof text = text) =>
  rule({ error: m.requiredFields }).trim().min(1, m.requiredFields).max(max, m.fieldTooLong);

/** Empty strings and null mean "not given" for the optional fields. */
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, m.fieldTooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * The registration's rules (docs/product/enrolment.md) with the phone check
 * given. The server validates with `registrationBody` (registration.ts), which checks at once; the
 * browser passes the same check behind a dynamic import, so the wizard's first load does not carry
 * libphonenumber-js and its metadata (docs/perf/history.md), and validates with `parseAsync`.
 */
export const registrationSchema = (checkPhone: (phone: string) => boolean | Promise<boolean>) =>
  z.object({
    first_name: requiredText(100, nameText),
    last_name: requiredText(100, nameText),
    email: requiredText(254).pipe(z.email({ error: m.invalidEmail })),
    phone: optionalText(30).refine((phone) => phone === null || checkPhone(phone), { message: m.invalidPhone }),
    referral_code: optionalText(20),
    /** Consent to appear in the landing page's recent sign-ups (first name and town) once paid; never assumed. */
    show_in_recent_signups: z.boolean({ error: m.consentInvalid }).default(false),
    /** Ticked: no reminders or news by e-mail (PECR soft opt-in: the opt-out offered where the address is given). */
    marketing_opt_out: z.boolean({ error: m.consentInvalid }).default(false),
    /** The town shown beside the first name when the student consents (optional; "UK" without one). */
    town: optionalText(60),
  });

export type RegistrationBody = z.input<ReturnType<typeof registrationSchema>>;

/**
 * `referral_code_status`: none (no code typed), applied (it matched a student) or unknown (it matched
 * nobody; the registration still succeeds, without a discount).
 */
export const registrationResponse = z.object({
  id: z.uuid(),
  token: z.string(),
  referral_code_status: z.enum(['none', 'applied', 'unknown']),
});
export type RegistrationResponse = z.infer<typeof registrationResponse>;

/** POST /api/students/{id}/course-selection. `student_id` is optional and must match the path. */
export const courseSelectionBody = z.object({
  student_id: uuidSchema.optional(),
  course_type: z.enum(COURSE_TYPES, { error: m.courseAndDateRequired }),
  course_start_date: z.iso.date({ error: m.courseAndDateRequired }),
});
export type CourseSelectionBody = z.infer<typeof courseSelectionBody>;

export const courseSelectionResponse = z.object({
  success: z.literal(true),
  course_type: z.enum(COURSE_TYPES),
  course_start_date: z.string(),
});
export type CourseSelectionResponse = z.infer<typeof courseSelectionResponse>;

/** GET /api/course-dates (docs/product/enrolment.md). */
export const scheduleEntrySchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  graduation_date: z.string(),
  label: z.string(),
});
/** A start date on offer: places left (null: no limit) and full (listed, to join its waitlist). */
export const courseDateSchema = scheduleEntrySchema.extend({
  places_left: z.number().int().nullable(),
  full: z.boolean(),
});
export const courseDatesResponse = z.object({ schedule: z.array(courseDateSchema) });
export type CourseDatesResponse = z.infer<typeof courseDatesResponse>;

/** POST /api/course-dates/{date}/waitlist. */
export const waitlistParams = z.object({ date: z.iso.date({ error: m.invalidStartDate }) });
export const waitlistBody = z.strictObject({
  email: requiredText(254).pipe(z.email({ error: m.waitlist.emailInvalid })),
  first_name: nameText({ error: m.waitlist.firstNameRequired })
    .trim()
    .min(1, m.waitlist.firstNameRequired)
    .max(100, m.fieldTooLong),
});
export type WaitlistBody = z.infer<typeof waitlistBody>;
export const waitlistResponse = z.object({ success: z.literal(true) });

/** GET /api/public-config: what the browser needs to open the card form (never the access token). */
export const publicConfigResponse = z.object({
  square: z.object({
    environment: z.enum(['offline', 'sandbox', 'production']),
    application_id: z.string().nullable(),
    location_id: z.string().nullable(),
  }),
  /** How students sign in: a code by email, or the email alone (STUDENT_LOGIN). */
  student_login: z.enum(['code', 'email']),
  /** The support details in force (the owner's settings, else the environment's defaults). */
  support: z.object({
    email: z.string(),
    hours: z.string(),
    community_url: z.string(),
    /** The live chat link (owner's setting `live_chat_url`); null: the site offers no live chat. */
    live_chat_url: z.string().nullable(),
  }),
  /** How long personal data is kept (the privacy page states them): ID_DOCUMENT_RETENTION_DAYS, UNPAID_RETENTION_DAYS. */
  retention: z.object({
    id_document_days: z.number().int(),
    unpaid_registration_days: z.number().int(),
    payment_record_years: z.number().int(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigResponse>;
