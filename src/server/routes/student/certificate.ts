/**
 * The certificate in the student area (`/student/:id/...`): whether it can be requested yet, and the
 * request. The PDF itself is served by routes/certificates.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { studentCertificateResponse } from '@shared/schemas/certificates';
import { studentIdParams } from '@shared/schemas/common';
import { certificateRequestBody } from '@shared/schemas/student-area';
import { findStudentCertificate } from '@server/domain/certificates/find-student-certificate';
import { requestCertificate } from '@server/domain/certificates/request-certificate';
import { certificateSite } from '@server/domain/certificates/certificate-site';
import { effectiveSettings } from '@server/domain/settings/site-settings-store';
import { getStudent } from '@server/domain/students/find-student';
import { studentSecurity } from '@server/plugins/api-docs';
import { assertSameStudent, errors, ownStudent } from './access';
import { toStudentCertificate } from './wire';

async function certificateOf(app: FastifyInstance, studentId: string) {
  const student = await getStudent(app.db, studentId);
  const certificate = await findStudentCertificate(app.db, student.id);
  return toStudentCertificate(student, certificate, await certificateSite(app.db, app.config));
}

const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/student/:id/certificate',
    {
      onRequest: ownStudent,
      schema: {
        summary: "The student's certificate, or whether one can be requested yet",
        security: studentSecurity,
        params: studentIdParams,
        response: { 200: studentCertificateResponse, ...errors },
      },
    },
    async (request) => certificateOf(app, request.params.id),
  );

  app.post(
    '/student/:id/request-certificate',
    {
      onRequest: ownStudent,
      schema: {
        summary: 'Request the certificate once every stage is complete',
        security: studentSecurity,
        params: studentIdParams,
        body: certificateRequestBody,
        response: { 201: studentCertificateResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      assertSameStudent(id, request.body?.student_id);
      const site = await effectiveSettings(app.db, app.config);
      await requestCertificate(app.db, id, { courseType: request.body?.course_type }, site, app.clock());
      return reply.code(201).send(await certificateOf(app, id));
    },
  );
};

export default certificateRoutes;
