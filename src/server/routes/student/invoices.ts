/** The student's invoices and credit notes (`/student/:id/invoices`), and each as a PDF. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoicePdfPath } from '@shared/api-paths';
import { studentIdParams } from '@shared/schemas/common';
import { invoiceParams, studentInvoicesResponse } from '@shared/schemas/invoices';
import { getStudentInvoice, listStudentInvoices } from '@server/domain/invoices/list-invoices';
import { getStudent } from '@server/domain/students/find-student';
import { renderInvoicePdf } from '@server/pdf/render-invoice-pdf';
import { studentSecurity } from '@server/plugins/api-docs';
import { sendPdf } from '../send-pdf';
import { errors, ownStudent } from './access';

const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/student/:id/invoices',
    {
      onRequest: ownStudent,
      schema: {
        summary: "The student's invoices and credit notes, oldest first",
        security: studentSecurity,
        params: studentIdParams,
        response: { 200: studentInvoicesResponse, ...errors },
      },
    },
    async (request) => {
      const student = await getStudent(app.db, request.params.id);
      const found = await listStudentInvoices(app.db, student.id);
      return {
        invoices: found.map((invoice) => ({
          number: invoice.number,
          kind: invoice.kind,
          issued_at: invoice.issuedAt.toISOString(),
          total_pence: invoice.totalPence,
          url: invoicePdfPath(student.id, invoice.number),
        })),
      };
    },
  );

  app.get(
    '/student/:id/invoices/:number',
    {
      onRequest: ownStudent,
      schema: {
        summary: 'An invoice or credit note (PDF)',
        security: studentSecurity,
        params: invoiceParams,
        response: errors,
        fileResponse: { status: 200, contentTypes: ['application/pdf'], description: 'The invoice' },
      },
      // Drawing a PDF costs CPU.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const invoice = await getStudentInvoice(app.db, request.params.id, request.params.number);
      const pdf = await renderInvoicePdf(invoice);
      return sendPdf(reply, pdf, `attachment; filename="${invoice.number}.pdf"`, 'private, no-store');
    },
  );
};

export default invoiceRoutes;
