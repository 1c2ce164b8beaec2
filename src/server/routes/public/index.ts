import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@shared/messages';
import { errorSchema } from '@shared/schemas/common';
import {
  contactMessageBody,
  contactMessageResponse,
  recentSignupsResponse,
} from '@shared/schemas/public';
import { tagRoutes } from '@server/plugins/api-docs';
import { jsonBody, sendJsonBody, type JsonBody } from '@server/routes/json-body';
import { listRecentSignups } from '@server/domain/reports/list-recent-signups';
import { getSetting } from '@server/domain/settings/site-settings-store';
import { readCatalogue, readContent } from '@server/domain/site-documents/site-documents';
import { siteContentSchema } from '@shared/schemas/site-content';
import { catalogueSchema } from '@shared/schemas/catalogue';
import { storeContactMessage } from '@server/domain/support/store-contact-message';
import unsubscribeRoutes from './unsubscribe';
import { toRecentSignup } from './wire';

/** Every visitor polls the widget every 30 s: one database query per this many ms, whatever the load. */
export const RECENT_SIGNUPS_CACHE_MS = 15_000;
/** Contact form: messages accepted per client address and window. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

/** The public API area (mounted under /api). Routes: HTTP only — schema in, domain function, schema out. */
const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'public');
  await app.register(unsubscribeRoutes);
  let cached: { expiresAt: number; value: Promise<JsonBody> } | null = null;

  app.get(
    '/recent-signups',
    { schema: { summary: 'Recent sign-ups for the landing page widget (cached)', response: { 200: recentSignupsResponse } } },
    async (_request, reply) => {
      // The app's clock (tests move it past the cache's life).
      const now = app.clock().getTime();
      if (!cached || cached.expiresAt <= now) {
        // Concurrent requests share one query; a failed query is not cached.
        const value = Promise.all([
          listRecentSignups(app.db),
          getSetting(app.db, app.config, 'sample_signups'),
        ]).then(([signups, samples]) =>
          jsonBody(recentSignupsResponse, {
            notifications: signups.map(toRecentSignup),
            samples_allowed: samples === 'on',
          }),
        );
        cached = { expiresAt: now + RECENT_SIGNUPS_CACHE_MS, value };
        value.catch(() => {
          if (cached?.value === value) cached = null;
        });
      }
      reply.header('cache-control', `public, max-age=${RECENT_SIGNUPS_CACHE_MS / 1000}`);
      return sendJsonBody(reply, await cached.value);
    },
  );

  app.get(
    '/catalogue',
    {
      schema: {
        summary: 'What is sold and for how much: the enrolment fee and each course (title, price, description, modules)',
        response: { 200: catalogueSchema },
      },
    },
    async () => readCatalogue(app.db),
  );

  app.get(
    '/content',
    {
      schema: {
        summary: "The site's words an owner edits: landing copy, claims, testimonials, FAQ and the support heading",
        response: { 200: siteContentSchema },
      },
    },
    async () => readContent(app.db),
  );

  app.post(
    '/support/messages',
    {
      schema: {
        summary: 'Send a message through the contact form',
        body: contactMessageBody,
        response: { 201: contactMessageResponse, 400: errorSchema, 429: errorSchema },
      },
      config: {
        rateLimit: {
          ...CONTACT_RATE_LIMIT,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            detail: messages.support.tooManyMessages,
            retryAfter: context.after,
          }),
        },
      },
    },
    async (request, reply) => {
      const { id } = await storeContactMessage(app.db, request.body, app.clock(), {
        adminNotifyEmail: app.config.mail.adminNotifyEmail,
      });
      return reply.code(201).send({ id, detail: messages.support.messageSent });
    },
  );
};

export default publicRoutes;
