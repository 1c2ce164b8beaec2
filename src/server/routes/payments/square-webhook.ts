import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@shared/messages';
import { errorSchema } from '@shared/schemas/common';
import { applyProviderEvent } from '@server/domain/payments/apply-provider-event';
import { DomainError } from '@server/errors';
import { isValidSquareSignature } from '@server/square/webhook-signature';
import { cleanProviderJson, squareEventEnvelope, translateSquareEvent } from '@server/square/webhook-events';

const webhookResponse = z.object({ outcome: z.enum(['applied', 'replayed', 'ignored']) });

/**
 * POST /api/square/webhook (docs/deploy.md, docs/decisions/039): Square's signed events. The body is
 * kept as bytes (this scope's only parser) and its signature checked before anything parses it; a
 * bad or missing signature is 401 and changes nothing. Without SQUARE_WEBHOOK_SIGNATURE_KEY the
 * route answers 404, as if it did not exist. Every verified event is 200 (handled, a replay, or a
 * type the site ignores), so Square stops sending it; a failure is 5xx and Square retries.
 */
const squareWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/square/webhook',
    {
      schema: {
        summary: "Square's webhook: payments, refunds and disputes, signed with SQUARE_WEBHOOK_SIGNATURE_KEY",
        response: { 200: webhookResponse, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const webhook = app.config.square.webhook;
      if (!webhook) throw new DomainError('not_found', messages.admin.squareWebhookNotConfigured);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!isValidSquareSignature(webhook, raw, request.headers['x-square-hmacsha256-signature'])) {
        request.log.warn('square webhook: bad or missing signature');
        throw new DomainError('unauthenticated', messages.admin.squareWebhookBadSignature);
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new DomainError('invalid', messages.admin.squareWebhookBadEvent);
      }
      const envelope = squareEventEnvelope.safeParse(cleanProviderJson(json));
      const event = envelope.success ? translateSquareEvent(envelope.data) : null;
      if (!event) throw new DomainError('invalid', messages.admin.squareWebhookBadEvent);
      const result = await applyProviderEvent(app.db, event, {
        adminNotifyEmail: app.config.mail.adminNotifyEmail,
        now: app.clock(),
      });
      request.log.info(
        { squareEventType: event.type, squareEventId: event.eventId, outcome: result.outcome, reason: result.reason },
        'square webhook event',
      );
      return { outcome: result.outcome };
    },
  );
};

export default squareWebhookRoutes;
