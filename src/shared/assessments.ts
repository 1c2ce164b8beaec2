/** Final assessment limits (docs/product/student-area.md, "Final assessment"), used by the browser check and the server. */
export const ASSESSMENT_MAX_BYTES = 26_214_400;
/** What a final piece may be, by its first bytes (never its name or declared type). */
export const ASSESSMENT_FILE_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'video/mp4',
  'video/quicktime',
] as const;
export type AssessmentFileType = (typeof ASSESSMENT_FILE_TYPES)[number];
export const ASSESSMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.mp4,.mov';

/** The extension a stored piece's file name ends with, for its detected type. */
export const ASSESSMENT_EXTENSIONS = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
} as const satisfies Record<AssessmentFileType, string>;

/** The longest note or feedback, in characters. */
export const ASSESSMENT_TEXT_MAX = 2000;

export const ASSESSMENT_STATUSES = ['pending', 'passed', 'resubmit'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];
