/**
 * The catalogue (docs/product/admin.md#catalogue): `GET /api/catalogue` (public), `GET/PUT
 * /api/admin/catalogue` (owners). One schema for the editor and the server: what the form refuses,
 * the server refuses with the same words.
 */
import { z } from 'zod';
import type { Catalogue } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { text } from './text';

const m = messages.catalogue;

const pence = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const courseSchema = z.strictObject({
  title: text({ error: m.titleInvalid }).trim().min(1, m.titleInvalid).max(80, m.titleInvalid),
  price_pence: pence(100, 1_000_000, m.priceInvalid),
  description: text({ error: m.descriptionInvalid }).trim().max(300, m.descriptionInvalid),
  modules: z
    .array(text({ error: m.modulesInvalid }).trim().min(1, m.modulesInvalid).max(120, m.modulesInvalid), {
      error: m.modulesInvalid,
    })
    .min(1, m.modulesInvalid)
    .max(30, m.modulesInvalid)
    .refine((modules) => new Set(modules).size === modules.length, { message: m.modulesInvalid }),
});

export const catalogueSchema = z.strictObject({
  enrolment_fee_pence: pence(100, 100_000, m.feeInvalid),
  courses: z.strictObject({ foundation: courseSchema, pro: courseSchema }),
}) satisfies z.ZodType<Catalogue, unknown>;
