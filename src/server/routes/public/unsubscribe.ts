import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@shared/messages';
import { paths } from '@shared/routes';
import { errorSchema } from '@shared/schemas/common';
import { unsubscribeParams, unsubscribeResponse } from '@shared/schemas/unsubscribe';
import { UnsubscribeTokens } from '@server/auth/unsubscribe-tokens';
import { suppressAddress } from '@server/domain/email/suppressions';
import { DomainError } from '@server/errors';

/**
 * One-click unsubscribe (RFC 8058): the link in every non-transactional e-mail and its
 * List-Unsubscribe header (jobs/email-outbox.ts). No session: the signed token is the authority, and
 * it only ever adds its own address to the suppression list, so POSTing it again changes nothing.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // A mail client's one-click POST sends `List-Unsubscribe=One-Click` as a form (RFC 8058): whatever
  // the body, it is not read (the token says everything), so this scope takes any type and drops it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) => done(null));

  // Keyed as the outbox signs them (plugins/jobs.ts).
  const tokens = new UnsubscribeTokens(app.config.sessionSecret);
  const addressOf = (token: string) => {
    const email = tokens.addressOf(token);
    if (!email) throw new DomainError('invalid', messages.unsubscribe.invalidLink);
    return email;
  };

  app.post(
    '/unsubscribe/:token',
    {
      schema: {
        summary: 'Unsubscribe the address of a signed token from reminders and broadcasts (no session)',
        params: unsubscribeParams,
        response: { 200: unsubscribeResponse, 400: errorSchema },
      },
    },
    async (request) => {
      const email = addressOf(request.params.token);
      await suppressAddress(app.db, email, 'unsubscribe', app.clock());
      return { email };
    },
  );

  // A link opened in a browser: to the page that asks first (a mail scanner following links must not unsubscribe).
  app.get(
    '/unsubscribe/:token',
    {
      schema: {
        summary: 'Open the unsubscribe page of a token (303)',
        params: unsubscribeParams,
        response: { 303: z.null(), 400: errorSchema },
      },
    },
    async (request, reply) => {
      addressOf(request.params.token);
      return reply.redirect(paths.unsubscribe(request.params.token), 303);
    },
  );
};

export default unsubscribeRoutes;
