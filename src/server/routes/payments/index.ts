import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CURRENCY, penceToPounds } from '@shared/money';
import { errorSchema } from '@shared/schemas/common';
import { createPaymentBody, createPaymentResponse, paymentConflictSchema } from '@shared/schemas/payments';
import { createCardPayment } from '@server/domain/payments/create-card-payment';
import { studentSecurity, tagRoutes } from '@server/plugins/api-docs';
import { requireStudentAccess } from '@server/plugins/auth';
import { toStudentRecord } from '../wire';
import squareWebhookRoutes from './square-webhook';

/** The payments API area (mounted under /api): Square card payments and Square's webhook. */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'payments');
  const provider = app.paymentProvider;
  // Its own scope: the raw body is kept for the signature check.
  await app.register(squareWebhookRoutes);

  app.post(
    '/square/create-payment',
    {
      schema: {
        summary: 'Pay by card: the enrolment fee, the course, or both',
        security: studentSecurity,
        body: createPaymentBody,
        response: {
          200: createPaymentResponse,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: paymentConflictSchema,
          502: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => {
      const body = request.body;
      requireStudentAccess(request, body.student_id);
      const { payment, student } = await createCardPayment(
        app.db,
        provider,
        {
          studentId: body.student_id,
          sourceId: body.source_id,
          amount: body.amount,
          paymentType: body.payment_type,
          idempotencyKey: body.idempotency_key,
          termsAccepted: body.terms_accepted,
        },
        app.clock,
        app.config.places.holdMinutes,
      );
      request.log.info({ paymentId: payment.id, paymentType: payment.paymentType }, 'card payment completed');
      return {
        success: true as const,
        payment_id: payment.id,
        status: 'completed' as const,
        payment_type: payment.paymentType,
        amount: penceToPounds(payment.amountPence),
        currency: CURRENCY,
        student: toStudentRecord(student),
      };
    },
  );
};

export default paymentsRoutes;
