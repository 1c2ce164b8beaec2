// engines: both
/**
 * The site's content in the database (docs/product/admin.md#content): an owner reads and replaces it
 * (staff may not), every text validated (400 with its message, nothing saved), an unknown placeholder
 * refused, each save audited; the public answer follows at once, and its placeholders fill from the
 * catalogue and the claims in force.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { DEFAULT_CONTENT, fillText, type SiteContent } from '@shared/site-content';
import { auditLog, siteDocuments } from '@server/db/schema';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let owner: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = bearer(await t.adminToken('olga', 'owner'));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(siteDocuments).where(eq(siteDocuments.key, 'content'));
});

const save = (payload: unknown, headers = owner) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/content', headers, payload: payload as object });
const withFaqAnswer = (answer: string): SiteContent => {
  const content = structuredClone(DEFAULT_CONTENT);
  content.faq[0]!.entries[0]!.answer = answer;
  return content;
};

describe("the site's content", () => {
  it('is the seed until an owner saves one; the public answer follows at once, audited field by field', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/content' })).json()).toEqual(DEFAULT_CONTENT);
    const changed = withFaqAnswer('Six weeks, from {foundation_total} all-in.');
    const saved = await save(changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/content' })).json()).toEqual(changed);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/content', headers: owner })).json()).toEqual(changed);
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry?.action).toBe('content.updated');
    expect(entry?.details).toMatchObject({
      changes: [{ field: 'faq', from: DEFAULT_CONTENT.faq, to: changed.faq }],
    });
    // The answer as a page shows it: the catalogue's price in force.
    expect(fillText(changed.faq[0]!.entries[0]!.answer, DEFAULT_CATALOGUE, changed)).toBe(
      'Six weeks, from £84.99 all-in.',
    );
    // The same document again: nothing written, nothing audited.
    const count = (await t.db.select().from(auditLog)).length;
    expect((await save(changed)).statusCode).toBe(200);
    expect(await t.db.select().from(auditLog)).toHaveLength(count);
  });

  it('refuses an unknown placeholder, an empty or too long text and a bad video id, and saves nothing', async () => {
    const badVideo = structuredClone(DEFAULT_CONTENT);
    badVideo.testimonials.videos[0]!.youtube_id = 'not a video';
    const noFaq = { ...DEFAULT_CONTENT, faq: [] };
    for (const [payload, detail] of [
      [withFaqAnswer('From {pro_cost} only'), messages.content.unknownPlaceholder('A FAQ answer', 'pro_cost')],
      [withFaqAnswer('   '), messages.content.textInvalid('A FAQ answer', 2000)],
      [withFaqAnswer('x'.repeat(2001)), messages.content.textInvalid('A FAQ answer', 2000)],
      [badVideo, messages.content.youtubeIdInvalid],
      [noFaq, messages.content.listInvalid('FAQ categories', 1, 12)],
    ] as const) {
      const res = await save(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail });
    }
    expect(await t.db.select().from(siteDocuments)).toEqual([]);
    const staff = bearer(await t.adminToken('sam', 'staff'));
    expect((await save(DEFAULT_CONTENT, staff)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/content', headers: staff })).statusCode).toBe(403);
  });
});
