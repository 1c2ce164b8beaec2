/**
 * What `GET /api/public-config` answers: the card form's settings, how students sign in, the support
 * details in force and the retention periods. The public pages are rendered with the same answer in
 * their query cache (live-pages.ts), so the browser starts with it.
 */
import type { FastifyInstance } from 'fastify';
import { PAYMENT_RECORDS_KEPT_YEARS } from '@shared/catalogue';
import type { PublicConfig } from '@shared/schemas/enrolment';
import { effectiveSettings } from '@server/domain/settings/site-settings-store';

export async function publicConfigAnswer(app: FastifyInstance): Promise<PublicConfig> {
  const settings = await effectiveSettings(app.db, app.config);
  return {
    square: {
      environment: app.config.square.environment,
      application_id: app.config.square.applicationId ?? null,
      location_id: app.config.square.locationId ?? null,
    },
    student_login: app.config.studentLogin,
    support: {
      email: settings.supportEmail,
      hours: settings.supportHours,
      community_url: settings.communityUrl,
      live_chat_url: settings.liveChatUrl,
    },
    retention: {
      id_document_days: app.config.idDocuments.retentionDays,
      unpaid_registration_days: app.config.unpaidRetention.days,
      payment_record_years: PAYMENT_RECORDS_KEPT_YEARS,
    },
  };
}
