// engines: both
/**
 * The school's settings (docs/product/admin.md, Settings): owners save them in the admin area, the
 * environment gives the defaults, null restores a default, every change is audited, and a saved
 * value is used at once everywhere it is printed, by every app process on the database (nothing is
 * cached in a process).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase, type Database } from '@server/db/client';
import { auditLog } from '@server/db/schema';
import { getSetting } from '@server/domain/settings/site-settings-store';
import { insertCertificate } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { testDbKind } from '../helpers/database';
import { popplerText } from '../helpers/pdf';
import { tableCounts } from '../helpers/table-counts';

const ENV = {
  CPD_PROVIDER_NUMBER: 'CPD-ENV-1',
  COURSE_ACCESS_URL_FOUNDATION: 'https://env.example/foundation',
  SUPPORT_EMAIL: 'env-support@example.com',
};

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await buildTestApp(ENV);
  owner = await t.adminToken('olivia', 'owner');
});
afterAll(() => t.close());

const get = (app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(owner) });
const put = (payload: unknown, token = owner) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(token), payload: payload as object });

describe('settings', () => {
  it('shows each setting with the environment default while none is saved', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const { settings } = res.json();
    expect(Object.keys(settings).sort()).toEqual(
      [
        'community_url',
        'live_chat_url',
        'reminders_enabled',
        'sample_signups',
        'course_access_url_foundation',
        'course_access_url_pro',
        'cpd_provider_number',
        'support_email',
        'support_hours',
        'certificate_signatory_name',
        'certificate_signatory_title',
        'final_assessment_required',
        'seller_name',
        'seller_address',
        'company_number',
        'vat_number',
        'vat_rate_percent',
      ].sort(),
    );
    expect(settings.cpd_provider_number).toEqual({
      value: 'CPD-ENV-1',
      default: 'CPD-ENV-1',
      saved: false,
      updated_at: null,
      updated_by: null,
    });
    expect(settings.course_access_url_pro).toMatchObject({ value: null, default: null, saved: false });
    expect(settings.support_email).toMatchObject({ value: 'env-support@example.com', saved: false });
    expect(settings.reminders_enabled).toMatchObject({ value: 'on', default: 'on', saved: false });
  });

  it.each([
    [{}, messages.admin.settingsNothingToChange],
    [{ course_access_url_pro: 'ftp://files.example/pro' }, messages.admin.settingInvalidUrl],
    [{ community_url: 'javascript:alert(1)' }, messages.admin.settingInvalidUrl],
    [{ community_url: 'not a url' }, messages.admin.settingInvalidUrl],
    [{ support_email: 'nobody' }, messages.admin.settingInvalidEmail],
    [{ support_hours: 'x'.repeat(201) }, messages.admin.settingTooLong],
    [{ cpd_provider_number: 'CPD\u0000' }, messages.common.invalidCharacters],
    // What does not fit its line on the certificate, or would print as boxes in the PDF's font.
    [{ cpd_provider_number: 'C'.repeat(200) }, messages.admin.settingCpdNumber],
    [{ cpd_provider_number: 'CPD-12345-ABCDEFGHIJKLMNOPQRSTUVWXYZ-0123' }, messages.admin.settingCpdNumber],
    [{ cpd_provider_number: 'CPD 🎓 12' }, messages.admin.settingCpdNumber],
    [{ cpd_provider_number: 'CPD-番号-7' }, messages.admin.settingCpdNumber],
    [{ cpd_provider_number: 'Ünïcode-1' }, messages.admin.settingCpdNumber],
  ])('refuses %j with 400 and changes nothing', async (payload, detail) => {
    const before = await tableCounts(t.db);
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(detail);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses an unknown setting', async () => {
    const res = await put({ favourite_colour: 'purple' });
    expect(res.statusCode).toBe(400);
  });

  it('saves, is audited, applies at once where printed, and null restores the default', async () => {
    const { student } = await insertCertificate(t.db, { activated: true });
    const studentToken = await t.studentToken(student.id);
    const record = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/student/${student.id}`, headers: bearer(studentToken) })).json();
    const certificate = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/student/${student.id}/certificate`,
          headers: bearer(studentToken),
        })
      ).json();
    expect((await record()).course_access_url).toBe('https://env.example/foundation');
    expect((await certificate()).certificate.cpd_provider).toBe('CPD-ENV-1');

    const saved = await put({
      cpd_provider_number: '  CPD-777  ',
      course_access_url_foundation: 'https://school.example/foundation',
      support_email: 'help@school.example',
      community_url: 'https://community.example/group',
      support_hours: 'Weekdays 10 to 4',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.cpd_provider_number).toMatchObject({
      value: 'CPD-777',
      default: 'CPD-ENV-1',
      saved: true,
      updated_by: 'olivia',
    });
    expect((await record()).course_access_url).toBe('https://school.example/foundation');
    expect((await certificate()).certificate.cpd_provider).toBe('CPD-777');
    const sample = await t.app.inject({ method: 'GET', url: '/api/certificates/sample' });
    expect(sample.json().cpd_provider).toBe('CPD-777');
    const publicConfig = (await t.app.inject({ method: 'GET', url: '/api/public-config' })).json();
    expect(publicConfig.support).toEqual({
      email: 'help@school.example',
      hours: 'Weekdays 10 to 4',
      community_url: 'https://community.example/group',
      live_chat_url: null,
    });

    const audit = await t.db.select().from(auditLog);
    const entry = audit.find((row) => row.action === 'settings.updated');
    expect(entry?.adminUsername).toBe('olivia');
    expect(entry?.details).toMatchObject({ cpd_provider_number: { from: null, to: 'CPD-777' } });

    // Saving the same values again changes nothing and writes no audit entry.
    await put({ cpd_provider_number: 'CPD-777' });
    expect((await t.db.select().from(auditLog)).filter((row) => row.action === 'settings.updated')).toHaveLength(1);

    expect(await getSetting(t.db, t.config, 'support_hours')).toBe('Weekdays 10 to 4');
    expect(await getSetting(t.db, t.config, 'course_access_url_pro')).toBeNull();

    const restored = await put({ cpd_provider_number: null, course_access_url_foundation: '' });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().settings.cpd_provider_number).toMatchObject({ value: 'CPD-ENV-1', saved: false });
    expect((await record()).course_access_url).toBe('https://env.example/foundation');
    expect((await certificate()).certificate.cpd_provider).toBe('CPD-ENV-1');
    expect(await getSetting(t.db, t.config, 'cpd_provider_number')).toBe('CPD-ENV-1');
    const last = (await t.db.select().from(auditLog)).filter((row) => row.action === 'settings.updated').at(-1);
    expect(last?.details).toEqual({
      cpd_provider_number: { from: 'CPD-777', to: null },
      course_access_url_foundation: { from: 'https://school.example/foundation', to: null },
    });
  });

  it('a save on one app process is read at once by another on the same database', async () => {
    // A second app on the same database: on PostgreSQL its own connection pool, as a second process has.
    const current = (await t.db.execute('select current_database() as n')) as unknown as { rows: Array<{ n: string }> };
    const name = String(current.rows[0]?.n);
    const second: Database =
      testDbKind === 'postgres'
        ? await openDatabase({ databaseUrl: databaseUrlNamed(name), migrate: false })
        : { ...t.app.database, close: async () => {} };
    const other = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: t.dataDir,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'silent',
        ...ENV,
      }),
      { logger: false, database: second },
    );
    try {
      const read = async () =>
        (await other.inject({ method: 'GET', url: '/api/certificates/sample' })).json().cpd_provider as string;
      expect(await read()).toBe('CPD-ENV-1');
      expect((await put({ cpd_provider_number: 'CPD-SHARED' })).statusCode).toBe(200);
      expect(await read()).toBe('CPD-SHARED');
      expect((await put({ cpd_provider_number: null })).statusCode).toBe(200);
      expect(await read()).toBe('CPD-ENV-1');
    } finally {
      await other.close();
    }
  });
});

function databaseUrlNamed(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

// Last: its saves would be the newest audit entries the tests above look for.
describe('the certificate signatory', () => {
  it('prints the signatory an owner saves on the certificate, its details and the demo', async () => {
    const { student } = await insertCertificate(t.db, { activated: true });
    const headers = bearer(await t.studentToken(student.id));
    const details = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/student/${student.id}/certificate`, headers })).json().certificate
        .signatory;
    const pdfText = async () =>
      popplerText(
        (await t.app.inject({ method: 'GET', url: `/api/student/${student.id}/certificate/pdf`, headers })).rawPayload,
      );
    // No name saved: the title alone, and nothing drawn as a signature.
    expect(await details()).toBe('Programme Director');
    expect((await pdfText()).match(/Programme Director/g)).toHaveLength(1);

    const saved = await put({
      certificate_signatory_name: '  Grace Adeyemi ',
      certificate_signatory_title: 'Head of Studies',
    });
    expect(saved.statusCode).toBe(200);
    expect(await details()).toBe('Grace Adeyemi, Head of Studies');
    const text = await pdfText();
    expect(text).toContain('Grace Adeyemi');
    expect(text).toContain('Head of Studies');
    expect(text).not.toContain('Programme Director');
    const sample = (await t.app.inject({ method: 'GET', url: '/api/certificates/sample' })).json();
    expect(sample).toMatchObject({ signatory_name: 'Grace Adeyemi', signatory_title: 'Head of Studies' });
    expect(
      await popplerText((await t.app.inject({ method: 'GET', url: '/api/certificates/sample.pdf' })).rawPayload),
    ).toContain('Grace Adeyemi');

    expect((await put({ certificate_signatory_name: null, certificate_signatory_title: null })).statusCode).toBe(200);
    expect(await details()).toBe('Programme Director');
  });
});
