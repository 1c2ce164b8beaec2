/** The API, area by area, under /api (the admin area under /api/admin). */
import type { FastifyInstance } from 'fastify';
import adminRoutes from './admin';
import certificateRoutes from './certificates';
import enrolmentRoutes from './enrolment';
import healthRoutes from './health';
import paymentRoutes from './payments';
import publicRoutes from './public';
import studentRoutes from './student';

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(publicRoutes);
  await app.register(enrolmentRoutes);
  await app.register(paymentRoutes);
  await app.register(studentRoutes);
  await app.register(certificateRoutes);
  await app.register(adminRoutes, { prefix: '/admin' });
}
