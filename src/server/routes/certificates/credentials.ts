import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { COURSES } from '@shared/catalogue';
import { certificateIdParams } from '@shared/schemas/certificates';
import { errorSchema } from '@shared/schemas/common';
import {
  certificateCredentialResponse,
  issuerProfileResponse,
  jwksResponse,
  statusListParams,
} from '@shared/schemas/credentials';
import { renderBadgePng } from '@server/domain/credentials/badge-image';
import { issuerProfile } from '@server/domain/credentials/issuer';
import { findIssuedCertificate, issueOpenBadgeCredential } from '@server/domain/credentials/open-badge-credential';
import {
  credentialSigner,
  publishedSigningKeys,
  publishSigningKey,
  type CredentialSigner,
} from '@server/domain/credentials/signing';
import { statusListCredential } from '@server/domain/credentials/status-list';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Open Badges signing key and its kid (docs/decisions/044-open-badges-credential.md). */
    credentialSigner: CredentialSigner;
  }
}

/**
 * The signer, decorated on the root, and its public key recorded as the app is built (the database is
 * open and migrated by then), so a credential never carries a kid the JWKS does not list.
 */
export const credentialSignerPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('credentialSigner', credentialSigner(app.config.credentialSigningKey));
    await publishSigningKey(app.db, app.credentialSigner);
  },
  { name: 'credential-signer', dependencies: ['database'] },
);

/** GET /.well-known/jwks.json, at the site's root where verifiers look for it. */
export async function registerJwks(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/.well-known/jwks.json',
    {
      schema: {
        summary: 'The public keys of Open Badges credentials and status lists (old keys kept after a rotation)',
        tags: ['certificates'],
        response: { 200: jwksResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { keys: await publishedSigningKeys(app.db) };
    },
  );
}

/** A body that is not JSON; no-cache, so a revocation shows at once. */
function sendFile(reply: FastifyReply, type: string, body: Buffer | string, disposition?: string) {
  reply.type(type).header('cache-control', 'no-cache');
  if (disposition) reply.header('content-disposition', disposition);
  return reply.send(body);
}

/**
 * Open Badges 3.0 (docs/product/api-contracts.md): a certificate's credential and badge image, the
 * issuer Profile and the revocation status lists. Public like verification: a credential holds only
 * what /verify shows.
 */
export const credentialRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.publicUrl;

  app.get(
    '/certificates/:certificate_id/credential',
    {
      schema: {
        summary: "The certificate's Open Badges 3.0 credential, a VC-JWT (activated and not revoked; else 404/409)",
        params: certificateIdParams,
        response: { 200: certificateCredentialResponse, 404: errorSchema, 409: errorSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const credential = await issueOpenBadgeCredential(
        app.db,
        request.params.certificate_id,
        publicUrl,
        app.credentialSigner,
      );
      // Public, but never kept by a cache: once revoked, it is refused at once.
      reply.header('cache-control', 'no-cache');
      return { credential };
    },
  );

  app.get(
    '/certificates/:certificate_id/badge.png',
    {
      schema: {
        summary: "The credential's badge image (PNG, with the course title)",
        params: certificateIdParams,
        response: { 404: errorSchema, 409: errorSchema },
        fileResponse: { status: 200, contentTypes: ['image/png'], description: 'The badge' },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const certificate = await findIssuedCertificate(app.db, request.params.certificate_id);
      return sendFile(
        reply,
        'image/png',
        renderBadgePng(COURSES[certificate.courseType].title),
        `inline; filename="badge-${certificate.certificateId}.png"`,
      );
    },
  );

  app.get(
    '/credentials/issuer',
    {
      schema: { summary: 'The Open Badges issuer Profile', response: { 200: issuerProfileResponse } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return issuerProfile(publicUrl);
    },
  );

  app.get(
    '/credentials/status/:list',
    {
      schema: {
        summary: 'A revocation status list: a BitstringStatusListCredential as a VC-JWT (application/vc+jwt)',
        params: statusListParams,
        fileResponse: { status: 200, contentTypes: ['application/vc+jwt'], description: 'The signed status list' },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const jwt = await statusListCredential(app.db, request.params.list, publicUrl, app.credentialSigner, app.clock());
      return sendFile(reply, 'application/vc+jwt', jwt);
    },
  );
};
