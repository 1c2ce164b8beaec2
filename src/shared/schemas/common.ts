import { z } from 'zod';
import { text } from './text';

/** Every error body: `{ "detail": "..." }` (docs/product/api-contracts.md). */
export const errorSchema = z.object({ detail: z.string() });

export const uuidSchema = z.uuid({ message: 'Invalid id' });

export const studentIdParams = z.object({ id: uuidSchema });

export const emailParams = z.object({ email: text().trim().min(1).max(254) });
