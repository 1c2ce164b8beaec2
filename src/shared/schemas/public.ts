import { z } from 'zod';
import { multilineText, nameText, text } from './text';
import { CONTACT_CATEGORIES } from '@shared/statuses';
import { CONTACT_LIMITS } from '../contact-form';
import { messages } from '@shared/messages';

// ---------------------------------------------------------------------------------------------
// GET /api/recent-signups (docs/product/public-pages.md): students who paid the enrolment fee and
// agreed to be shown.

/** What a sign-up shows: the course bought, or 'Enrollment' when only the fee is paid. */
export const SIGNUP_COURSES = ['Pro', 'Foundation', 'Enrollment'] as const;
export type SignupCourse = (typeof SIGNUP_COURSES)[number];

export const recentSignupSchema = z.object({
  /** Opaque and stable per student; never the student's id. */
  id: z.string(),
  first_name: z.string(),
  /** The town the student gave with their consent, else "UK". No surname is ever published. */
  signup_location: z.string(),
  course_type: z.enum(SIGNUP_COURSES),
  /** When the enrolment fee was paid (ISO 8601 UTC). */
  signed_up_at: z.string(),
});
export type RecentSignup = z.infer<typeof recentSignupSchema>;

export const recentSignupsResponse = z.object({
  notifications: z.array(recentSignupSchema),
  /** Whether the owner allows invented examples (setting `sample_signups`); each must be shown as an example. */
  samples_allowed: z.boolean(),
});
export type RecentSignupsResponse = z.infer<typeof recentSignupsResponse>;

// ---------------------------------------------------------------------------------------------
// POST /api/support/messages (the contact form, docs/product/public-pages.md). Sent for real and stored.

const requiredText = (max: number, rule: typeof text = text) =>
  rule({ error: messages.support.requiredFields })
    .trim()
    .min(1, messages.support.requiredFields)
    .max(max, messages.support.fieldTooLong);

export const contactMessageBody = z.object({
  name: requiredText(CONTACT_LIMITS.name, nameText),
  email: requiredText(CONTACT_LIMITS.email).pipe(z.email({ error: messages.support.invalidEmail })),
  subject: text()
    .trim()
    .max(CONTACT_LIMITS.subject, messages.support.fieldTooLong)
    .optional()
    .transform((value) => value || undefined),
  category: z.enum(CONTACT_CATEGORIES, { error: messages.support.invalidCategory }).default('other'),
  message: requiredText(CONTACT_LIMITS.message, multilineText),
});
export type ContactMessageBody = z.input<typeof contactMessageBody>;

export const contactMessageResponse = z.object({ id: z.uuid(), detail: z.string() });
export type ContactMessageResponse = z.infer<typeof contactMessageResponse>;
