import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueSchema } from '@shared/schemas/catalogue';
import { errorSchema } from '@shared/schemas/common';
import { siteContentSchema } from '@shared/schemas/site-content';
import { CATALOGUE, CONTENT, readDocument, saveDocument } from '@server/domain/site-documents/site-documents';
import { requireAdmin } from '@server/plugins/auth';

/**
 * The documents an owner edits (registered in the owners' scope): GET and PUT carry the same
 * document; a save is validated whole (400 `{detail}`, nothing saved), audited with before and after,
 * and shown by the public pages of every process within PAGES_CHECK_MS.
 */
const siteDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalogue',
    {
      schema: {
        summary: 'The catalogue in force: the enrolment fee and each course (title, price, description, modules)',
        response: { 200: catalogueSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => readDocument(app.db, CATALOGUE),
  );

  app.put(
    '/catalogue',
    {
      schema: {
        summary: "Replace the catalogue: payments are charged today's price from now on; audited",
        body: catalogueSchema,
        response: { 200: catalogueSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) =>
      (await saveDocument(app.db, requireAdmin(request), CATALOGUE, request.body, app.clock())).document,
  );

  app.get(
    '/content',
    {
      schema: {
        summary:
          "The site's content in force: landing copy, claims, benefits, testimonials, FAQ and the support heading",
        response: { 200: siteContentSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => readDocument(app.db, CONTENT),
  );

  app.put(
    '/content',
    {
      schema: {
        summary: "Replace the site's content: the public pages show it within seconds; audited",
        body: siteContentSchema,
        response: { 200: siteContentSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => (await saveDocument(app.db, requireAdmin(request), CONTENT, request.body, app.clock())).document,
  );
};

export default siteDocumentRoutes;
