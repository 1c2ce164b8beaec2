import { z } from 'zod';
import { COMPLETION_STATUSES } from '@shared/statuses';
import { COURSE_TYPES } from '@shared/catalogue';

/** The student record as the API shows it (docs/product/api-contracts.md). Money in pounds, dates ISO. */
export const studentRecordSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  course_type: z.enum(COURSE_TYPES).nullable(),
  course_start_date: z.string().nullable(),
  enrollment_paid: z.boolean(),
  course_paid: z.boolean(),
  total_paid: z.number(),
  completion_status: z.enum(COMPLETION_STATUSES),
  registration_date: z.string(),
  referral_code: z.string().nullable(),
});
export type StudentRecord = z.infer<typeof studentRecordSchema>;
