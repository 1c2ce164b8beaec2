/** Course progress (`/student/:id/progress`): the stages the student has completed. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { studentIdParams } from '@shared/schemas/common';
import { progressUpdateBody, studentProgressSchema } from '@shared/schemas/student-area';
import { assertStageTickable } from '@server/domain/assessments/find-assessment';
import { getProgressById } from '@server/domain/progress/get-progress';
import { effectiveSettings } from '@server/domain/settings/site-settings-store';
import { updateStageProgress } from '@server/domain/progress/update-stage-progress';
import { studentSecurity } from '@server/plugins/api-docs';
import { assertSameStudent, errors, ownStudent } from './access';
import { toStudentProgress } from './wire';

const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/student/:id/progress',
    {
      onRequest: ownStudent,
      schema: {
        summary: 'Course progress: the stages completed',
        security: studentSecurity,
        params: studentIdParams,
        response: { 200: studentProgressSchema, ...errors },
      },
    },
    async (request) => toStudentProgress(await getProgressById(app.db, request.params.id)),
  );

  app.post(
    '/student/:id/progress',
    {
      onRequest: ownStudent,
      schema: {
        summary: 'Mark a stage completed (or not)',
        security: studentSecurity,
        params: studentIdParams,
        body: progressUpdateBody,
        response: { 200: studentProgressSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      assertSameStudent(id, request.body.student_id);
      const { finalAssessmentRequired } = await effectiveSettings(app.db, app.config);
      await assertStageTickable(app.db, id, request.body.stage_number, finalAssessmentRequired);
      const progress = await updateStageProgress(
        app.db,
        id,
        { stageNumber: request.body.stage_number, completed: request.body.completed },
        app.clock(),
      );
      return toStudentProgress(progress);
    },
  );
};

export default progressRoutes;
