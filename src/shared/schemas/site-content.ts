/**
 * The site's content (docs/product/admin.md#content): `GET /api/content` (public), `GET/PUT
 * /api/admin/content` (owners). One schema for the editor and the server: what the form refuses, the
 * server refuses with the same words.
 */
import { z } from 'zod';
import { messages } from '@shared/messages';
import { unknownPlaceholders, type SiteContent } from '@shared/site-content';
import { multilineText, text } from './text';

const m = messages.content;

/** A text of the owner's: 1 to `max` characters, no unknown placeholder; one line, or several. */
const owned = (lines: 'line' | 'multiline') => (max: number, field: string) =>
  (lines === 'line' ? text : multilineText)({ error: m.textInvalid(field, max) })
    .trim()
    .min(1, m.textInvalid(field, max))
    .max(max, m.textInvalid(field, max))
    .refine((value) => unknownPlaceholders(value).length === 0, {
      error: (issue) => m.unknownPlaceholder(field, unknownPlaceholders(String(issue.input))[0] ?? ''),
    });
const copy = owned('line');
const paragraph = owned('multiline');
const list = <T extends z.ZodType>(item: T, min: number, max: number, field: string) =>
  z
    .array(item, { error: m.listInvalid(field, min, max) })
    .min(min, m.listInvalid(field, min, max))
    .max(max, m.listInvalid(field, min, max));

export const siteContentSchema = z.strictObject({
  hero: z.strictObject({ heading: copy(120, 'The hero heading'), intro: paragraph(400, 'The hero introduction') }),
  claims: z.strictObject({
    certified_specialists: copy(30, 'The certified specialists claim'),
    student_rating: copy(30, 'The student rating claim'),
    earnings_per_review: copy(30, 'The earnings claim'),
    badges: list(copy(40, 'A badge'), 0, 6, 'Badges'),
  }),
  benefits: z.strictObject({
    heading: copy(120, 'The benefits heading'),
    items: list(
      z.strictObject({ title: copy(80, 'A benefit title'), text: paragraph(400, 'A benefit text') }),
      1,
      6,
      'Benefits',
    ),
  }),
  pricing: z.strictObject({
    heading: copy(120, 'The pricing heading'),
    intro: paragraph(400, 'The pricing introduction'),
    enrollment_blurb: copy(200, 'The enrollment fee blurb'),
    enrollment_includes: list(copy(80, 'An enrollment fee item'), 1, 10, 'Enrollment fee items'),
    pro_includes: list(copy(80, 'A Pro item'), 1, 10, 'Pro items'),
  }),
  modules: z.strictObject({ heading: copy(120, 'The modules heading'), note: paragraph(400, 'The modules note') }),
  testimonials: z.strictObject({
    heading: copy(120, 'The testimonials heading'),
    intro: copy(300, 'The testimonials introduction'),
    videos: list(
      z.strictObject({
        name: copy(60, 'A video testimonial name'),
        caption: copy(120, 'A video caption'),
        youtube_id: text({ error: m.youtubeIdInvalid })
          .trim()
          .regex(/^[A-Za-z0-9_-]{11}$/, m.youtubeIdInvalid),
      }),
      0,
      12,
      'Video testimonials',
    ),
    written: list(
      z.strictObject({
        name: copy(60, 'A testimonial name'),
        location: copy(60, 'A testimonial location'),
        quote: paragraph(600, 'A testimonial quote'),
      }),
      0,
      12,
      'Written testimonials',
    ),
  }),
  closing: z.strictObject({
    heading: copy(120, 'The closing heading'),
    text: paragraph(400, 'The closing text'),
    button: copy(80, 'The closing button'),
  }),
  faq: list(
    z.strictObject({
      title: copy(80, 'A FAQ category'),
      entries: list(
        z.strictObject({ question: copy(200, 'A FAQ question'), answer: paragraph(2000, 'A FAQ answer') }),
        1,
        30,
        'Questions in a category',
      ),
    }),
    1,
    12,
    'FAQ categories',
  ),
  support: z.strictObject({
    heading: copy(120, 'The support heading'),
    intro: paragraph(400, 'The support introduction'),
  }),
}) satisfies z.ZodType<SiteContent, unknown>;
