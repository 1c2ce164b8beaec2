/**
 * Student sign-in (`/student/login/...`, `/student/logout`) and the signed-in student's record
 * (`/student/:id`). STUDENT_LOGIN chooses the way in: an emailed code, or the email alone.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@shared/messages';
import { emailParams, errorSchema, studentIdParams } from '@shared/schemas/common';
import {
  loginCodeRequestBody,
  loginCodeSentResponse,
  loginCodeVerifyBody,
  loginLinkBody,
  studentAreaRecordSchema,
  studentLoginResponse,
} from '@shared/schemas/student-area';
import { LoginCodeHasher } from '@server/auth/login-codes';
import { LoginLinkHasher } from '@server/auth/login-links';
import { CodeRequestThrottle } from '@server/auth/login-throttle';
import { effectiveSettings } from '@server/domain/settings/site-settings-store';
import { getStudent } from '@server/domain/students/find-student';
import { logInStudent } from '@server/domain/students/log-in-student';
import { redeemLoginLink } from '@server/domain/students/login-links';
import { logOutStudent } from '@server/domain/students/log-out-student';
import { requestLoginCode } from '@server/domain/students/request-login-code';
import { getStudentAccount } from '@server/domain/students/student-account';
import { verifyLoginCode } from '@server/domain/students/verify-login-code';
import { DomainError } from '@server/errors';
import { studentSecurity } from '@server/plugins/api-docs';
import { toStudentAreaRecord } from '../wire';
import { errors, ownStudent } from './access';

/** STUDENT_LOGIN=code: a code is emailed, then exchanged for a token. */
export const codeSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  // Built per app (tests build many): the hasher keys codes with this app's session secret.
  const hasher = new LoginCodeHasher(app.config.sessionSecret);
  // Code requests: per email and address, per email and network, and a per-email ceiling above what
  // one network may ask (auth/login-throttle.ts). Code tries: counted per code, by the code itself
  // (5 wrong tries void it; a new code starts afresh), so tries without the code cannot lock the
  // owner out. Each address is also limited by @fastify/rate-limit. With REDIS_URL the counts are
  // shared by every process.
  const codeRequests = new CodeRequestThrottle(app.attempts);

  app.post(
    '/student/login/code',
    {
      schema: {
        summary: 'Student sign-in, step 1: email a 6-digit code (STUDENT_LOGIN=code)',
        body: loginCodeRequestBody,
        response: { 202: loginCodeSentResponse, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      if (app.config.studentLogin !== 'code') throw new DomainError('not_found', messages.common.notFound);
      const now = app.clock();
      if (!(await codeRequests.reserve(request.body.email, request.ip, now.getTime())))
        throw new DomainError('rate_limited', messages.student.tooManyCodeRequests);
      await requestLoginCode(app.db, hasher, request.body.email, now);
      return reply.code(202).send({ detail: messages.student.codeSentDetail });
    },
  );

  app.post(
    '/student/login/verify',
    {
      schema: {
        summary: 'Student sign-in, step 2: the emailed code for the student area record and a student token',
        body: loginCodeVerifyBody,
        response: { 200: studentLoginResponse, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
    },
    async (request) => {
      if (app.config.studentLogin !== 'code') throw new DomainError('not_found', messages.common.notFound);
      const { account, token } = await verifyLoginCode(
        app.db,
        {
          tokens: app.tokens,
          hasher,
          courseAccessUrls: (await effectiveSettings(app.db, app.config)).courseAccessUrls,
        },
        request.body.email,
        request.body.code,
        app.clock(),
      );
      return { ...toStudentAreaRecord(account), token };
    },
  );
};

/** Signing out, signing in by email alone (STUDENT_LOGIN=email), and the signed-in student's record. */
export const studentSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/student/logout',
    {
      schema: {
        summary: 'Student logout: revokes the token',
        // A student's own token only: an admin signs out at /api/admin/logout.
        security: [{ studentToken: [] }],
        response: { 204: z.null(), 401: errorSchema },
      },
    },
    async (request, reply) => {
      if (request.auth?.role !== 'student') throw new DomainError('unauthenticated', messages.common.notSignedIn);
      await logOutStudent(app.db, request.auth);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/student/login/:email',
    {
      schema: {
        summary: 'Student login by email (STUDENT_LOGIN=email only): the student area record and a student token',
        params: emailParams,
        response: { 200: studentLoginResponse, 403: errorSchema, 404: errorSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      // With sign-in codes, knowing an email is not enough for a token.
      if (app.config.studentLogin !== 'email') throw new DomainError('forbidden', messages.student.codeLoginRequired);
      const { account, token } = await logInStudent(
        app.db,
        app.tokens,
        await effectiveSettings(app.db, app.config),
        request.params.email,
        app.clock(),
      );
      return { ...toStudentAreaRecord(account), token };
    },
  );

  app.get(
    '/student/:id',
    {
      onRequest: ownStudent,
      schema: {
        summary: "The student's record for the student area",
        security: studentSecurity,
        params: studentIdParams,
        response: { 200: studentAreaRecordSchema, ...errors },
      },
    },
    async (request) => {
      const student = await getStudent(app.db, request.params.id);
      const settings = await effectiveSettings(app.db, app.config);
      return toStudentAreaRecord(await getStudentAccount(app.db, student, settings, app.clock()));
    },
  );
};

/** Signing in with a one-time link from an e-mail (either STUDENT_LOGIN). */
export const linkSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  // Keyed like the outbox's links (jobs/email-outbox.ts): both read the session secret.
  const linkHasher = new LoginLinkHasher(app.config.sessionSecret);
  app.post(
    '/student/login/link',
    {
      schema: {
        summary: 'Student sign-in with a one-time link from an e-mail (either STUDENT_LOGIN): the record and a token',
        body: loginLinkBody,
        response: { 200: studentLoginResponse, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
      // As the code check: a link is 32 random bytes, so the address limit is against load, not guessing.
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const { account, token } = await redeemLoginLink(
        app.db,
        {
          tokens: app.tokens,
          hasher: linkHasher,
          courseAccessUrls: (await effectiveSettings(app.db, app.config)).courseAccessUrls,
          studentLogin: app.config.studentLogin,
        },
        request.body.link,
        app.clock(),
      );
      return { ...toStudentAreaRecord(account), token };
    },
  );
};
