import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tagRoutes } from '@server/plugins/api-docs';
import { guardAdminScope, guardOwnerScope, guardTotpScope } from '@server/plugins/auth';
import adminAccountRoutes from './admins';
import assessmentAdminRoutes from './assessments';
import auditAdminRoutes from './audit';
import broadcastAdminRoutes from './broadcasts';
import certificateAdminRoutes from './certificates';
import certificateOwnerRoutes from './certificates-owner';
import cohortAdminRoutes, { cohortWaitlistAdminRoutes } from './cohorts';
import emailAdminRoutes from './emails';
import erasureRequestAdminRoutes from './erasure-requests';
import funnelAdminRoutes from './funnel';
import idVerificationAdminRoutes from './id-verifications';
import messageAdminRoutes from './messages';
import ownPasswordRoutes from './own-password';
import paymentAdminRoutes from './payments';
import progressAdminRoutes from './progress';
import promoCodeOwnerRoutes, { promoCodeListRoutes } from './promo-codes';
import referralAdminRoutes from './referrals';
import { adminLoginRoutes, adminSessionRoutes } from './session';
import settingsAdminRoutes from './settings';
import siteDocumentRoutes from './site-documents';
import statsAdminRoutes from './stats';
import suppressionAdminRoutes from './suppressions';
import studentAdminRoutes from './students';
import studentOwnerRoutes from './students-owner';
import totpAdminRoutes from './totp';

/**
 * The admin API area (mounted under /api/admin). Login is the one open route; every route
 * registered inside the guarded scope answers 401 without a valid, unrevoked admin token before
 * anything else runs (so a test can loop over all of them). Who may use a route is decided by the
 * scope it is registered in, never inside a handler: `me`, the password change, logout and the TOTP
 * set-up for any admin;
 * then the ADMIN_REQUIRE_TOTP scope; inside it the owner scope (docs/product/admin.md#roles).
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'admin');
  await app.register(adminLoginRoutes);

  await app.register(async (guarded) => {
    guardAdminScope(guarded);
    await guarded.register(adminSessionRoutes);
    await guarded.register(ownPasswordRoutes);
    await guarded.register(totpAdminRoutes);

    // Everything else; with ADMIN_REQUIRE_TOTP=1 only for an admin with two-factor sign-in on.
    await guarded.register(async (secured) => {
      guardTotpScope(secured);
      await secured.register(statsAdminRoutes);
      await secured.register(funnelAdminRoutes);
      await secured.register(studentAdminRoutes);
      await secured.register(progressAdminRoutes);
      await secured.register(referralAdminRoutes);
      await secured.register(promoCodeListRoutes);
      await secured.register(messageAdminRoutes);
      await secured.register(idVerificationAdminRoutes);
      await secured.register(assessmentAdminRoutes);
      await secured.register(certificateAdminRoutes);
      await secured.register(cohortWaitlistAdminRoutes);
      await secured.register(suppressionAdminRoutes);

      // What only an owner may see or do; staff get 403 before the handler runs.
      await secured.register(async (owners) => {
        guardOwnerScope(owners);
        await owners.register(studentOwnerRoutes);
        await owners.register(certificateOwnerRoutes);
        await owners.register(paymentAdminRoutes);
        await owners.register(auditAdminRoutes);
        await owners.register(emailAdminRoutes);
        await owners.register(adminAccountRoutes);
        await owners.register(settingsAdminRoutes);
        await owners.register(siteDocumentRoutes);
        await owners.register(cohortAdminRoutes);
        await owners.register(erasureRequestAdminRoutes);
        await owners.register(broadcastAdminRoutes);
        await owners.register(promoCodeOwnerRoutes);
      });
    });
  });
};

export default adminRoutes;
