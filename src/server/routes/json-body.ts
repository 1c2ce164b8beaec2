/**
 * Bodies that are the same for every caller (the course dates of the day, the sign-ups widget) are
 * checked against their response schema and serialised once, then sent as the same string: Fastify
 * sends a string body as is, so the per-request schema check and JSON.stringify are skipped.
 */
import type { FastifyReply } from 'fastify';
import type { ZodType } from 'zod';

export interface JsonBody {
  readonly json: string;
}

export const jsonBody = <T>(schema: ZodType<T>, value: T): JsonBody => ({
  json: JSON.stringify(schema.parse(value)),
});

export const sendJsonBody = (reply: FastifyReply, body: JsonBody) =>
  reply.type('application/json; charset=utf-8').send(body.json);
