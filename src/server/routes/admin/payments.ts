import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoicePdfPath } from '@shared/api-paths';
import { penceToPounds } from '@shared/money';
import {
  adminPaymentSchema,
  paymentIdParams,
  paymentListQuery,
  paymentListResponse,
  refundBody,
  type AdminPayment,
} from '@shared/schemas/admin-payments';
import { errorSchema } from '@shared/schemas/common';
import type { Db } from '@server/db/client';
import type { Payment } from '@server/db/schema';
import { isDisputeCleared } from '@server/domain/payments/ledger-invariants';
import { invoiceNumberOf, listPayments, type PaymentListRow } from '@server/domain/payments/list-payments';
import { refundPayment } from '@server/domain/payments/refund-payment';
import { markPaymentReviewed } from '@server/domain/payments/review-payment';
import { requireAdmin } from '@server/plugins/auth';
import { pageFields, pageRequest } from '../wire';

function toAdminPayment({ payment, studentName, email, invoiceNumber }: PaymentListRow): AdminPayment {
  return {
    id: payment.id,
    student_id: payment.studentId,
    student_name: studentName,
    email,
    payment_type: payment.paymentType,
    course_type: payment.courseType,
    description: payment.description,
    amount: penceToPounds(payment.amountPence),
    method: payment.method,
    status: payment.status === 'completed' && payment.needsReview ? 'needs_review' : payment.status,
    provider_reference: payment.providerReference,
    failure_detail: payment.failureDetail,
    refund_reason: payment.refundReason,
    created_at: payment.createdAt.toISOString(),
    completed_at: payment.completedAt?.toISOString() ?? null,
    refunded_at: payment.refundedAt?.toISOString() ?? null,
    refunded_amount: penceToPounds(payment.refundedPence),
    refund_source: payment.refundSource,
    disputed:
      payment.disputeState && !isDisputeCleared(payment.disputeState)
        ? { state: payment.disputeState, due_at: payment.disputeDueAt?.toISOString() ?? null }
        : null,
    terms_version: payment.termsVersion,
    terms_accepted_at: payment.termsAcceptedAt?.toISOString() ?? null,
    promo_code: payment.promoCode,
    discount_pence: payment.discountPence,
    invoice_number: invoiceNumber,
    invoice_url: invoiceNumber && payment.studentId ? invoicePdfPath(payment.studentId, invoiceNumber) : null,
  };
}

/** A payment an action changed, as the tab shows it (its student's name and e-mail left out). */
const changedPayment = async (db: Db, payment: Payment) =>
  toAdminPayment({ payment, studentName: null, email: null, invoiceNumber: await invoiceNumberOf(db, payment.id) });

/** GET /api/admin/payments and POST /api/admin/payments/{id}/refund: the Payments tab (docs/product/payments.md). */
const paymentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.paymentProvider;

  app.get(
    '/payments',
    {
      schema: {
        summary: 'Every payment, newest first, with filters and the number still pending',
        querystring: paymentListQuery,
        response: { 200: paymentListResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { status, type, method, flag, search } = request.query;
      const page = await listPayments(app.db, { status, type, method, flag, search }, pageRequest(request.query));
      return {
        payments: page.rows.map(toAdminPayment),
        ...pageFields(page.total, request.query),
        pending_count: page.pendingCount,
      };
    },
  );

  app.post(
    '/payments/:id/reviewed',
    {
      schema: {
        summary:
          'Mark a payment flagged needs_review as reviewed (audited); a Square payment not made on this site then counts in revenue',
        params: paymentIdParams,
        response: { 200: adminPaymentSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) =>
      changedPayment(app.db, await markPaymentReviewed(app.db, requireAdmin(request), request.params.id)),
  );

  app.post(
    '/payments/:id/refund',
    {
      schema: {
        summary: 'Refund a completed payment in full (card: through the provider; manual: a recorded reversal)',
        params: paymentIdParams,
        body: refundBody,
        response: {
          200: adminPaymentSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          502: errorSchema,
        },
      },
    },
    async (request) => {
      const payment = await refundPayment(
        app.db,
        provider,
        requireAdmin(request),
        request.params.id,
        request.body.reason,
        app.clock(),
      );
      request.log.info({ paymentId: payment.id }, 'payment refunded');
      return changedPayment(app.db, payment);
    },
  );
};

export default paymentAdminRoutes;
