import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@shared/messages';
import { errorSchema, studentIdParams } from '@shared/schemas/common';
import {
  courseDatesResponse,
  courseSelectionBody,
  courseSelectionResponse,
  publicConfigResponse,
  registrationResponse,
  waitlistBody,
  waitlistParams,
  waitlistResponse,
} from '@shared/schemas/enrolment';
import { registrationBody } from '@shared/schemas/registration';
import { registerStudent } from '@server/domain/enrolment/register-student';
import { selectCourse } from '@server/domain/enrolment/select-course';
import { DomainError } from '@server/errors';
import { offeredCourseDates } from '@server/domain/cohorts/cohorts';
import { COURSE_DATES_CHANNEL, CourseDatesCache } from '@server/domain/cohorts/course-dates-cache';
import { isoDateAfter } from '@shared/schedule';
import { joinWaitlist } from '@server/domain/cohorts/waitlist';
import { applyPromoCode } from '@server/domain/promo-codes/promo-codes';
import { applyPromoBody, promoQuoteResponse } from '@shared/schemas/promo-codes';
import { getStudent } from '@server/domain/students/find-student';
import { studentSecurity, tagRoutes } from '@server/plugins/api-docs';
import { requireStudentAccess } from '@server/plugins/auth';
import { publicConfigAnswer } from '@server/plugins/public-config';

/** What a student's own write may answer besides success: bad input, no or wrong token, no such student, a conflict. */
const STUDENT_WRITE_ERRORS = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

/** Open reads, no token: the browser's public settings and the start dates on offer. */
const openReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const courseDates = new CourseDatesCache();
  courseDates.attach(await app.database.listen(COURSE_DATES_CHANNEL, courseDates.invalidate));
  app.addHook('onClose', async () => courseDates.close());
  app.get(
    '/public-config',
    {
      schema: {
        summary:
          "The browser's public settings: the card form's (Square environment and ids), how students sign in, and the support details in force",
        response: { 200: publicConfigResponse },
      },
    },
    async () => publicConfigAnswer(app),
  );

  app.get(
    '/course-dates',
    {
      schema: {
        summary:
          "The coming open start dates, with places left (null: no limit) and full ones marked full (or the every-two-months rule). With a student's token, their own hold and waitlist offer count as open to them",
        response: { 200: courseDatesResponse },
      },
    },
    // Kept in memory between requests and dropped by the database's notification of any write that
    // changes places (course-dates-cache.ts): a change shows at once on every process.
    async (request) => {
      const auth = request.auth;
      const now = app.clock();
      // A deleted student's token counts as no token here: the dates are public.
      const student =
        auth?.role === 'student' ? await getStudent(app.db, auth.studentId).catch(() => undefined) : undefined;
      // A student's own hold and offer count as open to them: their answer is read afresh.
      if (student) return { schedule: await offeredCourseDates(app.db, now, student) };
      const schedule = await courseDates.get(isoDateAfter(now, 0), now.getTime(), () =>
        offeredCourseDates(app.db, now),
      );
      return { schedule };
    },
  );

  app.post(
    '/course-dates/:date/waitlist',
    {
      schema: {
        summary:
          'Join the waitlist of a start date (202; the same answer when already listed). A freed place is e-mailed to the first in line and held for them',
        params: waitlistParams,
        body: waitlistBody,
        response: { 202: waitlistResponse, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
      // Per client address, as registrations: each entry may cause an e-mail.
      config: { rateLimit: { max: app.config.registrationRateLimit, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      await joinWaitlist(
        app.db,
        { date: request.params.date, email: request.body.email, firstName: request.body.first_name },
        { waitlistHoldHours: app.config.places.waitlistHoldHours },
        app.clock(),
      );
      return reply.code(202).send({ success: true as const });
    },
  );
};

/** The enrolment wizard's writes: registering, then choosing the course and its start date. */
const wizardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/students',
    {
      schema: {
        summary: 'Register a student (the first step of the wizard); returns their id and a student token',
        body: registrationBody,
        response: { 201: registrationResponse, 400: errorSchema, 429: errorSchema },
      },
      // Per client address: every registrant may upload ID files, so sign-ups are not free to repeat.
      config: { rateLimit: { max: app.config.registrationRateLimit, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const body = request.body;
      const { student, referralCodeStatus } = await registerStudent(app.db, {
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        phone: body.phone,
        referralCode: body.referral_code,
        showInRecentSignups: body.show_in_recent_signups,
        town: body.town,
        marketingOptOut: body.marketing_opt_out,
      });
      return reply.code(201).send({
        id: student.id,
        token: await app.tokens.studentToken(student.id, app.clock()),
        referral_code_status: referralCodeStatus,
      });
    },
  );

  app.post(
    '/students/:id/promo',
    {
      schema: {
        summary:
          "Apply a promo code to the student's coming payment (null or empty removes it): what it costs with the code. The use is counted when the payment is made",
        security: studentSecurity,
        params: studentIdParams,
        body: applyPromoBody,
        response: { 200: promoQuoteResponse, ...STUDENT_WRITE_ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      requireStudentAccess(request, id);
      const quote = await applyPromoCode(app.db, id, request.body.code, request.body.payment_type, app.clock());
      return {
        code: quote.promoCode,
        fee_pence: quote.feePence,
        course_pence: quote.coursePence,
        discount_pence: quote.discountPence,
        total_pence: quote.amountPence,
      };
    },
  );

  app.post(
    '/students/:id/course-selection',
    {
      schema: {
        summary: 'Choose the course and its start date',
        security: studentSecurity,
        params: studentIdParams,
        body: courseSelectionBody,
        response: { 200: courseSelectionResponse, ...STUDENT_WRITE_ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      requireStudentAccess(request, id);
      if (request.body.student_id && request.body.student_id !== id)
        throw new DomainError('invalid', messages.enrolment.studentIdMismatch);
      const student = await selectCourse(
        app.db,
        { studentId: id, courseType: request.body.course_type, courseStartDate: request.body.course_start_date },
        app.clock(),
        app.config.places.holdMinutes,
      );
      return {
        success: true as const,
        course_type: request.body.course_type,
        course_start_date: student.courseStartDate ?? '',
      };
    },
  );
};

/** The enrolment API area (mounted under /api): registration, course dates, course selection, public config. */
const enrolmentRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'enrolment');
  await app.register(openReadRoutes);
  await app.register(wizardRoutes);
};

export default enrolmentRoutes;
