/**
 * Reminders and news (docs/product/enrolment.md#reminders): step 1's opt-out box is unticked and
 * sent as `marketing_opt_out`; a reminder's footer link opens the unsubscribe page, which asks first,
 * unsubscribes with the keyboard and says it is done (again: the same); a forged link says it is not
 * valid. At 390 and 1280 px, with axe. Its own server, with reminders due a second after registering.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { messages } from '@shared/messages';
import { enrolStudentViaApi, expect, test, uniqueEmail } from './fixtures';
import { fillPersonalInfo } from './enrolment-helpers';
import { TOASTS, expectNoAxeFindings } from './page-checks';

test.use({ serverEnv: { REMINDER_UNPAID_HOURS: '0.0003', REMINDERS_CHECK_MS: '300' } });

const m = messages.unsubscribe;
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/** The unsubscribe link in the footer of the reminder sent to `email`, waiting for the job and the outbox. */
async function unsubscribeLinkSentTo(email: string): Promise<string> {
  const dir = process.env.E2E_SMTP_DIR!;
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const file of readdirSync(dir).filter((name) => name.endsWith('.eml'))) {
          const mail = await simpleParser(readFileSync(path.join(dir, file)));
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          if (mail.headers.get('x-vbr-template') !== 'enrolment-reminder' || to?.toLowerCase() !== email) continue;
          link = /href="(https?:\/\/[^"]+\/unsubscribe\/[^"]+)"/.exec(String(mail.html))?.[1];
        }
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  return new URL(link!).pathname;
}

for (const viewport of VIEWPORTS) {
  test(`step 1 offers the opt-out, unticked, and sends it (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/enroll');
    const box = page.getByRole('checkbox', { name: messages.enrolment.marketingOptOut.label });
    await expect(box).toBeVisible();
    await expect(box).not.toBeChecked();
    await fillPersonalInfo(page, uniqueEmail('opt-out'));
    await box.press('Space');
    await expect(box).toBeChecked();
    await expectNoAxeFindings(page, `step 1 with the opt-out ticked at ${viewport.width} px`, { exclude: TOASTS });
    const sent = page.waitForRequest(
      (request) => request.url().endsWith('/api/students') && request.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ marketing_opt_out: true });
  });

  test(`a reminder's unsubscribe link asks, unsubscribes and says so (${viewport.name})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail('unsubscribe');
    await enrolStudentViaApi(request, { pay: 'none', email });
    const pathname = await unsubscribeLinkSentTo(email);

    await page.goto(pathname);
    await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
    await expect(page.getByText(m.stillSent)).toBeVisible();
    await expectNoAxeFindings(page, `the unsubscribe page at ${viewport.width} px`, { exclude: TOASTS });
    const button = page.getByRole('button', { name: m.button });
    await button.focus();
    await page.keyboard.press('Enter');
    const done = page.getByRole('status');
    await expect(done).toHaveText(m.done(email));
    await expect(done).toBeFocused();
    await expectNoAxeFindings(page, `the unsubscribe page, done, at ${viewport.width} px`, { exclude: TOASTS });

    // The same link again: the same answer (nothing changes).
    await page.reload();
    await page.getByRole('button', { name: m.button }).click();
    await expect(page.getByRole('status')).toHaveText(m.done(email));
    // The one-click URL of the header, opened in a browser, leads to the same page.
    await page.goto(`/api${pathname}`);
    await expect(page).toHaveURL(new RegExp(`${pathname}$`));
  });

  test.describe(() => {
    // The page's POST is answered 400, as it must be: the browser logs the failed request.
    test.use({ allowConsoleErrors: [/status of 400 \(Bad Request\)/] });
    test(`a forged unsubscribe link says it is not valid (${viewport.name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(`/unsubscribe/${Buffer.from('someone@example.com').toString('base64url')}~${'A'.repeat(43)}`);
      await page.getByRole('button', { name: m.button }).click();
      const alert = page.getByRole('alert').filter({ hasText: m.invalidLink });
      await expect(alert).toBeVisible();
      await expect(alert).toBeFocused();
      await expect(page.getByRole('button', { name: m.button })).toHaveCount(0);
      await expectNoAxeFindings(page, `a forged unsubscribe link at ${viewport.width} px`, { exclude: TOASTS });
    });
  });
}
