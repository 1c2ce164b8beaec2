import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAccountSchema,
  adminInviteBody,
  adminInviteResponse,
  adminListResponse,
  adminRoleBody,
  adminUsernameParams,
  type AdminAccount,
} from '@shared/schemas/admin-auth';
import { errorSchema } from '@shared/schemas/common';
import { messages } from '@shared/messages';
import { changeAdminRole, removeAdmin, resetAdminTotp } from '@server/domain/admins/change-admin';
import { inviteAdmin } from '@server/domain/admins/invite-admin';
import { findAdminSummary, listAdmins, type AdminSummary } from '@server/domain/admins/list-admins';
import { DomainError } from '@server/errors';
import { requireAdmin } from '@server/plugins/auth';

const toAdminAccount = (a: AdminSummary): AdminAccount => ({
  username: a.username,
  role: a.role,
  totp_enabled: a.totpEnabled,
  last_login_at: a.lastLoginAt?.toISOString() ?? null,
  created_at: a.createdAt.toISOString(),
});

/** The Admins tab: owners add, change and remove admins (registered in the owner scope, index.ts). */
const adminAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

  /** The admin's row after a change, as the list shows it (404 if removed meanwhile). */
  async function account(adminId: string): Promise<AdminAccount> {
    const found = await findAdminSummary(app.db, adminId);
    if (!found) throw new DomainError('not_found', messages.adminSecurity.adminNotFound);
    return toAdminAccount(found);
  }

  app.get(
    '/admins',
    { schema: { summary: 'Every admin with role and two-factor state', response: { 200: adminListResponse } } },
    async () => ({ admins: (await listAdmins(app.db)).map(toAdminAccount) }),
  );

  app.post(
    '/admins',
    {
      schema: {
        summary: 'Add an admin with a generated password, shown in this answer only',
        body: adminInviteBody,
        response: { 201: adminInviteResponse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await inviteAdmin(app.db, requireAdmin(request), request.body)),
  );

  app.patch(
    '/admins/:username',
    {
      schema: {
        summary: "Change an admin's role (never the last owner's: 409)",
        params: adminUsernameParams,
        body: adminRoleBody,
        response: { 200: adminAccountSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await changeAdminRole(app.db, requireAdmin(request), request.params.username, request.body.role);
      return account(admin.id);
    },
  );

  app.post(
    '/admins/:username/reset-totp',
    {
      schema: {
        summary: "Turn off an admin's two-factor sign-in (a lost phone)",
        params: adminUsernameParams,
        response: { 200: adminAccountSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await resetAdminTotp(app.db, requireAdmin(request), request.params.username, app.clock());
      return account(admin.id);
    },
  );

  app.delete(
    '/admins/:username',
    {
      schema: {
        summary: 'Remove an admin: their tokens stop working at once (never the last owner: 409)',
        params: adminUsernameParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeAdmin(app.db, requireAdmin(request), request.params.username);
      return reply.code(204).send(null);
    },
  );
};

export default adminAccountRoutes;
