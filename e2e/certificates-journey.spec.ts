/**
 * Certificates end to end: a student at 100% requests their certificate, an admin activates it,
 * the student downloads the real PDF and the public verification page shows it as valid.
 * Setup (registration, payment, ID approval, stages) goes through the real HTTP API.
 */
import { openAdminTab } from './admin-nav';
import { serveShellInstead } from './page-checks';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { PNG } from 'pngjs';
import {
  adminApiToken,
  enrolStudentViaApi,
  expect,
  moveCourseStart,
  signInToAdmin,
  test,
  uniqueEmail,
} from './fixtures';
import { signInStudent } from './student-login';

interface Student {
  id: string;
  email: string;
  name: string;
}

/** A Foundation student, fully paid, ID approved and every stage complete (100%). */
async function studentAtFullProgress(request: APIRequestContext): Promise<Student> {
  const email = uniqueEmail('certificate');
  const { id, token } = await enrolStudentViaApi(request, {
    pay: 'combined',
    course: 'foundation',
    firstName: 'Grace',
    lastName: 'Hopper-Lovelace',
    email,
  });
  const auth = { Authorization: `Bearer ${token}` };

  const photo = new PNG({ width: 16, height: 16 });
  photo.data.fill(180);
  const upload = await request.post(`/api/students/${encodeURIComponent(email)}/upload-id`, {
    headers: auth,
    multipart: { file: { name: 'passport.png', mimeType: 'image/png', buffer: PNG.sync.write(photo) } },
  });
  expect(upload.ok(), `ID upload: ${upload.status()}`).toBeTruthy();
  const review = await request.post(`/api/admin/id-verification/${id}/review`, {
    headers: { Authorization: `Bearer ${await adminApiToken(request)}` },
    data: { student_id: id, status: 'approved', rejection_reason: null },
  });
  expect(review.ok(), `ID review: ${review.status()}`).toBeTruthy();
  await moveCourseStart(request, id);

  for (let stage = 1; stage <= 5; stage += 1) {
    const progress = await request.post(`/api/student/${id}/progress`, {
      headers: auth,
      data: { student_id: id, stage_number: stage, completed: true },
    });
    expect(progress.ok(), `stage ${stage}: ${progress.status()}`).toBeTruthy();
  }
  return { id, email, name: 'Grace Hopper-Lovelace' };
}

test.describe('certificate journey', () => {
  test('a student at 100% requests, an admin activates, the student downloads the PDF and it verifies as valid', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const student = await studentAtFullProgress(request);

    // The student requests the certificate from their dashboard.
    await signInStudent(page, student.email);
    await expect(page).toHaveURL(/\/student-dashboard$/);
    await page.getByRole('button', { name: 'Request Certificate' }).click();
    await expect(page.getByText('Certificate requested! Awaiting admin activation.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pending Activation' })).toBeDisabled();

    // An admin activates it from the Certificates tab (their own browser context).
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInToAdmin(adminPage);
    await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
    await openAdminTab(adminPage, 'Certificates');
    const row = adminPage.getByRole('row').filter({ hasText: student.name });
    await expect(row).toContainText('Pending');
    const certificateId = (await row.getByRole('cell').first().innerText()).trim();
    expect(certificateId).toMatch(/^VBR-[A-HJ-NP-Z2-9]{10}$/);
    await row.getByRole('button', { name: `Activate certificate ${certificateId}` }).click();
    // Every stage done on a course that has started: the question alone, nothing more to confirm.
    const confirm = adminPage.getByRole('dialog', { name: 'Activate this certificate?' });
    await expect(confirm.getByTestId('completion-progress')).toHaveText('100% (5/5)');
    await expect(confirm).not.toContainText('The course has not started yet');
    await confirm.getByRole('button', { name: 'Activate' }).click();
    await expect(adminPage.getByText('Certificate activated successfully!')).toBeVisible();
    await expect(row).toContainText('Ready for Download');
    await adminContext.close();

    // The student views it and downloads the real PDF.
    await page.reload();
    await page.getByRole('button', { name: 'View Certificate' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(certificateId);
    const downloadEvent = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Certificate' }).click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(`certificate-${certificateId}.pdf`);
    const file = await readFile(await download.path());
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.length).toBeGreaterThan(10_000);

    // Anyone following the certificate's link sees it as valid, without the holder's email. The page
    // arrives with the result in its HTML (a visitor without JavaScript sees it too), and the browser
    // takes it over without asking for it again.
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/certificates/')) lookups.push(request.url());
    });
    await page.goto(`/verify/${certificateId}`);
    await expect(page.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(lookups).toEqual([]);
    await expect(page.getByText(student.name)).toBeVisible();
    await expect(page.getByText('Foundation Course')).toBeVisible();
    await expect(page.getByText('Photo ID verified')).toBeVisible();
    await expect(page.locator('main')).not.toContainText(student.email);
    await expect(page).toHaveTitle(`Verify certificate ${certificateId} | Video Book Review Specialist`);

    // The page was hydrated, not just shown: its form checks what is typed.
    await page.getByLabel('Certificate ID').fill('not an id');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Enter the ID as printed on the certificate')).toBeVisible();

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plainPage = await noScript.newPage();
    await plainPage.goto(`/verify/${certificateId.toLowerCase()}`);
    await expect(plainPage.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
    await expect(plainPage.getByText(student.name)).toBeVisible();
    await expect(plainPage.getByText(`Certificate ID ${certificateId}`)).toBeVisible();
    await noScript.close();
  });
});

test.describe('verification page', () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('says plainly when no certificate has the ID, and checks another ID typed by hand', async ({ page }) => {
    await page.goto('/verify/VBR-ZZZZZZZZZZ');
    await expect(page.getByRole('heading', { name: 'No certificate found with this ID' })).toBeVisible();

    await page.getByLabel('Certificate ID').fill('not an id');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Enter the ID as printed on the certificate')).toBeVisible();

    await page.getByLabel('Certificate ID').fill('  vbr-yyyyyyyyyy ');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/verify\/VBR-YYYYYYYYYY$/);
    await expect(page.getByRole('heading', { name: 'No certificate found with this ID' })).toBeVisible();
  });

  test('loads its own entry, which hydrates the result and the form without the router', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/verify/VBR-ZZZZZZZZZZ');
    await expect(page.getByRole('button', { name: 'Verify' })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((path) => /\/assets\/verify-entry-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => /\/assets\/(react-router|router-entry)-[\w-]+\.js$/.test(path))).toEqual([]);
    // The header's links are hydrated too: a student signed in elsewhere is offered the dashboard.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  });

  test("when the server sends the app's shell instead of the page, the browser draws the page and asks for the result", async ({
    page,
    request,
  }) => {
    await serveShellInstead(page, request, '/verify/VBR-ZZZZZZZZZZ');
    const lookup = page.waitForRequest('**/api/certificates/VBR-ZZZZZZZZZZ');
    await page.goto('/verify/VBR-ZZZZZZZZZZ');
    await lookup;
    await expect(page.getByRole('heading', { name: 'No certificate found with this ID' })).toBeVisible();
    await expect(page.getByText('Certificate ID VBR-ZZZZZZZZZZ')).toBeVisible();
    await expect(page).toHaveTitle('Verify certificate VBR-ZZZZZZZZZZ | Video Book Review Specialist');
  });
});

test('the certificate demo shows the SAMPLE certificate and links its PDF', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // The certificate comes from the API: held back, the page shows its place, and nothing below it
  // moves when it arrives.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/certificates/sample', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/certificate-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate Demo' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading the sample certificate…' })).toBeVisible();
  const links = page.getByRole('link', { name: /Open the sample PDF/ });
  const before = await links.boundingBox();
  release();
  await expect(page.getByText('SAMPLE — NOT A VALID CERTIFICATE')).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  expect(await links.boundingBox()).toEqual(before);
  await expect(page.getByText('VBR-SAMPLE0001', { exact: true })).toBeVisible();
  await expect(page.getByText('delivered by CPD provider number CPD-E2E-12345.')).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code linking to .*\/verify\/VBR-SAMPLE0001/ })).toBeVisible();
  const noHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noHorizontalScroll).toBe(true);

  const href = await page.getByRole('link', { name: /Download the sample PDF/ }).getAttribute('href');
  const pdf = await request.get(href!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
