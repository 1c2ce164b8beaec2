/** The final assessment (docs/product/student-area.md and admin.md, "Final assessment"). */
import { z } from 'zod';
import { ASSESSMENT_STATUSES, ASSESSMENT_TEXT_MAX } from '@shared/assessments';
import { COURSE_TYPES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { paginationQuery } from './admin';
import { multilineText, text } from './text';

const m = messages.assessment;

/** A note or feedback: at most ASSESSMENT_TEXT_MAX characters, line breaks allowed. */
const longText = (tooLong: string) => multilineText().trim().max(ASSESSMENT_TEXT_MAX, tooLong);

/** POST /api/student/{id}/assessment as JSON: a link to the piece (https only) and an optional note. */
export const assessmentLinkBody = z.object({
  url: text({ error: m.urlInvalid })
    .trim()
    .max(2000, m.urlInvalid)
    .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: m.urlInvalid })),
  note: longText(m.noteTooLong).optional(),
});

/** The multipart form's optional `note` field, sent before the file. */
export const assessmentNoteField = longText(m.noteTooLong);

/** What the student sees of their final piece: GET and POST /api/student/{id}/assessment. */
export const studentAssessmentSchema = z.object({
  /** Whether the school asks for a final piece now (setting final_assessment_required). */
  required: z.boolean(),
  /** The newest submission's state; `none` before the first. */
  status: z.enum(['none', ...ASSESSMENT_STATUSES]),
  /** The day the last stage opens (ISO), from which a piece can be submitted; null without a start date. */
  opens_on: z.string().nullable(),
  submitted_at: z.string().nullable(),
  kind: z.enum(['file', 'link']).nullable(),
  file_name: z.string().nullable(),
  url: z.string().nullable(),
  note: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  feedback: z.string().nullable(),
});
export type StudentAssessment = z.infer<typeof studentAssessmentSchema>;

/** GET /api/admin/assessments?status=pending|passed|resubmit&page=&page_size= */
export const assessmentListQuery = paginationQuery.extend({
  status: z.enum(ASSESSMENT_STATUSES, { error: m.statusFilterInvalid }).default('pending'),
});

export const adminAssessmentSchema = z.object({
  id: z.uuid(),
  student_id: z.uuid(),
  student_name: z.string(),
  course_type: z.enum(COURSE_TYPES).nullable(),
  submitted_at: z.string(),
  status: z.enum(ASSESSMENT_STATUSES),
  kind: z.enum(['file', 'link']),
  url: z.string().nullable(),
  note: z.string().nullable(),
  file_name: z.string().nullable(),
  /** The file's size in bytes (null for a link). */
  size_bytes: z.number().int().nullable(),
  reviewed_at: z.string().nullable(),
  /** The reviewer's username (null once that admin was removed). */
  reviewed_by: z.string().nullable(),
  feedback: z.string().nullable(),
});
export type AdminAssessment = z.infer<typeof adminAssessmentSchema>;

export const assessmentListResponse = z.object({
  assessments: z.array(adminAssessmentSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AssessmentList = z.infer<typeof assessmentListResponse>;

/** POST /api/admin/assessments/{id}/review: feedback is required to ask for a resubmission. */
export const assessmentReviewBody = z
  .object({
    result: z.enum(['passed', 'resubmit'], { error: m.resultInvalid }),
    feedback: longText(m.feedbackTooLong).optional(),
  })
  .refine((body) => body.result === 'passed' || (body.feedback ?? '') !== '', {
    message: m.feedbackRequired,
    path: ['feedback'],
  });
