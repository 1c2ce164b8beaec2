import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  certificateIdParams,
  certificateVerificationSchema,
  sampleCertificateSchema,
} from '@shared/schemas/certificates';
import { errorSchema, studentIdParams } from '@shared/schemas/common';
import { renderCertificatePdf } from '@server/pdf/render-certificate-pdf';
import { sampleCertificateDocument, sampleCertificatePdf } from '@server/pdf/sample-certificate';
import { getCertificateDocument } from '@server/domain/certificates/get-certificate-document';
import { verifyCertificate } from '@server/domain/certificates/verify-certificate';
import { certificateSite } from '@server/domain/certificates/certificate-site';
import { studentSecurity, tagRoutes } from '@server/plugins/api-docs';
import { requireStudentAccess } from '@server/plugins/auth';
import { sendPdf } from '../send-pdf';
import { credentialRoutes } from './credentials';
import { toCertificateVerification, toSampleCertificate } from './wire';

/**
 * The certificates API area (mounted under /api): the student's PDF, public verification and the
 * SAMPLE shown on /certificate-demo. Public lookups are throttled per address so ids cannot be
 * enumerated quickly; PDF rendering is throttled because it costs CPU.
 */
const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'certificates');
  // The CPD number and signatory in force (owner's settings, else the environment), read per request.
  const site = () => certificateSite(app.db, app.config);
  await app.register(credentialRoutes);
  app.get(
    '/student/:id/certificate/pdf',
    {
      schema: {
        summary: "Download the student's certificate (PDF)",
        security: studentSecurity,
        params: studentIdParams,
        response: { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
        fileResponse: { status: 200, contentTypes: ['application/pdf'], description: 'The certificate' },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      requireStudentAccess(request, request.params.id);
      const document = await getCertificateDocument(app.db, request.params.id, await site());
      const pdf = await renderCertificatePdf(document);
      return sendPdf(
        reply,
        pdf,
        `attachment; filename="certificate-${document.certificateId}.pdf"`,
        'private, no-store',
      );
    },
  );

  app.get(
    '/certificates/sample',
    {
      schema: {
        summary: 'The SAMPLE certificate shown on /certificate-demo',
        response: { 200: sampleCertificateSchema },
      },
    },
    async () => toSampleCertificate(sampleCertificateDocument(await site())),
  );

  app.get(
    '/certificates/sample.pdf',
    {
      schema: {
        summary: 'The SAMPLE certificate as a PDF',
        fileResponse: { status: 200, contentTypes: ['application/pdf'], description: 'The sample certificate' },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (_request, reply) => {
      const pdf = await sampleCertificatePdf(sampleCertificateDocument(await site()));
      return sendPdf(reply, pdf, 'inline; filename="sample-certificate.pdf"', 'public, max-age=3600');
    },
  );

  app.get(
    '/certificates/:certificate_id',
    {
      schema: {
        summary: 'Verify a certificate by its id (public)',
        params: certificateIdParams,
        response: { 200: certificateVerificationSchema, 404: errorSchema, 429: errorSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return toCertificateVerification(await verifyCertificate(app.db, request.params.certificate_id));
    },
  );
};

export default certificatesRoutes;
