import { z } from 'zod';
import { text } from './text';
import { COURSE_TYPES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { uuidSchema } from './common';
import { studentRecordSchema } from './student';

/** The student record as the student area shows it: the course link appears only once the ID is approved. */
export const studentAreaRecordSchema = studentRecordSchema.extend({
  course_access_url: z.string().nullable(),
  /**
   * Days until course_start_date by the server's clock: 0 once the course has started (stages are
   * open), null without a start date.
   */
  days_until_start: z.number().int().nullable(),
  /** Each of the student's payments that was refunded, wholly (`full`) or in part, oldest first. */
  refunds: z.array(
    z.object({
      /** "Enrollment Fee + Foundation Course" */
      description: z.string(),
      paid_pence: z.number().int(),
      refunded_pence: z.number().int(),
      full: z.boolean(),
      /** When the payment was refunded in full, else when its last part refund was recorded. */
      refunded_at: z.string(),
    }),
  ),
});
export type StudentAreaRecord = z.infer<typeof studentAreaRecordSchema>;

/** GET /api/student/login/{email}: the record plus the bearer token for every later student call. */
export const studentLoginResponse = studentAreaRecordSchema.extend({ token: z.string() });
export type StudentLoginResponse = z.infer<typeof studentLoginResponse>;

/** POST /api/student/login/code: send a sign-in code to this email (STUDENT_LOGIN=code). */
export const loginCodeRequestBody = z.object({ email: text().trim().min(1).max(254) });

/** POST /api/student/login/link: sign in with the secret of a one-time link from an e-mail. */
export const loginLinkBody = z.object({ link: text().trim().min(1).max(200) });

/** POST /api/student/login/verify: sign in with the emailed code. */
export const loginCodeVerifyBody = z.object({
  email: text().trim().min(1).max(254),
  code: text()
    .trim()
    .regex(/^\d{6}$/, messages.student.codeFormat),
});

/** 202 of POST /api/student/login/code. */
export const loginCodeSentResponse = z.object({ detail: z.string() });

/** GET|POST /api/student/{id}/progress (docs/product/student-area.md). */
export const studentProgressSchema = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  email: z.string(),
  course_type: z.enum(COURSE_TYPES).nullable(),
  course_paid: z.boolean(),
  foundation_progress: z.array(z.boolean()),
  pro_progress: z.array(z.boolean()),
  progress_percentage: z.number(),
  total_stages: z.number().int(),
  completed_stages: z.number().int(),
  /** Each stage with the day it opens (stage calendar); `opens_on` null while no start date is chosen. */
  stages: z.array(
    z.object({
      number: z.number().int(),
      title: z.string(),
      completed: z.boolean(),
      opens_on: z.string().nullable(),
    }),
  ),
});
export type StudentProgress = z.infer<typeof studentProgressSchema>;

const STAGE_NUMBER_MESSAGE = 'stage_number must be a whole number between 1 and 9';

/** POST /api/student/{id}/progress. `student_id`, when sent, must be the student of the path. */
export const progressUpdateBody = z.object({
  student_id: uuidSchema.optional(),
  stage_number: z
    .number({ error: STAGE_NUMBER_MESSAGE })
    .int(STAGE_NUMBER_MESSAGE)
    .min(1, STAGE_NUMBER_MESSAGE)
    .max(9, STAGE_NUMBER_MESSAGE),
  completed: z.boolean({ error: 'completed must be true or false' }),
});

/** POST /api/student/{id}/request-certificate. Both fields are optional checks; the server knows the course. */
export const certificateRequestBody = z
  .object({
    student_id: uuidSchema.optional(),
    course_type: z.enum(COURSE_TYPES).optional(),
  })
  .optional();
