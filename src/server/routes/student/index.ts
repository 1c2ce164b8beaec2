/**
 * The student API area (mounted under /api). Routes: HTTP only — schema in, domain function, schema out.
 *
 * Two prefixes, both the API's contract: `/student/...` is the signed-in student's area, addressed by
 * id (`/student/:id/...`, checked by the `ownStudent` hook); `/students/:email/...` is ID
 * verification, addressed by email (checked by `studentByEmail`). See ./access.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tagRoutes } from '@server/plugins/api-docs';
import assessmentRoutes from './assessment';
import certificateRoutes from './certificate';
import idDocumentRoutes from './id-document';
import invoiceRoutes from './invoices';
import studentPrivacyRoutes from './privacy';
import progressRoutes from './progress';
import { codeSignInRoutes, linkSignInRoutes, studentSessionRoutes } from './sign-in';

export { ID_UPLOADS_PER_STUDENT } from './id-document';

const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'student');
  // In this order, the order of the API document.
  await app.register(codeSignInRoutes); // /student/login/code, /student/login/verify
  await app.register(linkSignInRoutes); // /student/login/link
  await app.register(studentSessionRoutes); // /student/logout, /student/login/:email, /student/:id
  await app.register(idDocumentRoutes); // /students/:email/id-status, set-id-required, upload-id
  await app.register(progressRoutes); // /student/:id/progress
  await app.register(assessmentRoutes); // /student/:id/assessment
  await app.register(certificateRoutes); // /student/:id/certificate, request-certificate
  await app.register(invoiceRoutes); // /student/:id/invoices, /student/:id/invoices/:number
  await app.register(studentPrivacyRoutes); // /student/:id/export, erasure-request
};

export default studentRoutes;
