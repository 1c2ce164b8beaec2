import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shared/schemas/common';
import { settingsResponse, settingsUpdateBody, type SettingsResponse } from '@shared/schemas/admin-school';
import { describeSettings, updateSettings, type SettingView } from '@server/domain/settings/site-settings-store';
import { requireAdmin } from '@server/plugins/auth';

const toSettings = (views: SettingView[]): SettingsResponse => ({
  settings: Object.fromEntries(
    views.map((view) => [
      view.key,
      {
        value: view.value,
        default: view.defaultValue,
        saved: view.saved !== null,
        updated_at: view.saved?.updatedAt.toISOString() ?? null,
        updated_by: view.saved?.updatedBy ?? null,
      },
    ]),
  ) as SettingsResponse['settings'],
});

/** The school's settings (registered in the owners' scope): the values in force and their defaults. */
const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      schema: {
        summary: "The school's settings: each value in force, the environment's default, and whether it is saved",
        response: { 200: settingsResponse, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => toSettings(await describeSettings(app.db, app.config)),
  );

  app.put(
    '/settings',
    {
      schema: {
        summary: 'Change settings (null restores the default); applies at once on every process; audited',
        body: settingsUpdateBody,
        response: { 200: settingsResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) =>
      toSettings(await updateSettings(app.db, requireAdmin(request), app.config, request.body, app.clock())),
  );
};

export default settingsAdminRoutes;
