import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { adminApiToken, enrolStudentViaApi, expect, moveCourseStart, priceText, test, uniqueEmail } from './fixtures';
import { DEFAULT_CATALOGUE, paymentAmountPence } from '@shared/catalogue';
import { formatLongDate } from '@shared/schedule';
import { expectNoAxeFindings, settled } from './page-checks';
import { signInStudentInCapitals as logIn } from './student-login';

const createStudent = (request: APIRequestContext, options: Parameters<typeof enrolStudentViaApi>[1]) =>
  enrolStudentViaApi(request, { email: uniqueEmail('student-area'), ...options });

function pngFile(): { name: string; mimeType: string; buffer: Buffer } {
  const png = new PNG({ width: 64, height: 40 });
  png.data.fill(180);
  return { name: 'passport.png', mimeType: 'image/png', buffer: PNG.sync.write(png) };
}

/** A paid student's session put in the browser's storage, as their sign-in leaves it, from another page. */
async function storeSession(page: Page, paid: { token: string; student: Record<string, unknown> | null }) {
  await page.goto('/privacy');
  await page.evaluate((value) => localStorage.setItem('student_data', JSON.stringify(value)), {
    token: paid.token,
    student: paid.student,
  });
}

/** Holds back the answers to `url` (a glob) until the returned function is called, as on a slow line. */
async function holdBack(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('dashboard fallback', () => {
  test.use({ allowConsoleErrors: [/status of 401/] });

  test('a session the server refuses (401) is dropped and the dashboard sends the student to sign in', async ({
    page,
  }) => {
    // Any page of the site, but not /student-login, which checks (and drops) a stored session itself.
    await page.goto('/privacy');
    await page.evaluate(() =>
      localStorage.setItem(
        'student_data',
        JSON.stringify({
          token: 'broken',
          student: {
            id: '00000000-0000-4000-8000-000000000000',
            email: 'x@example.com',
            first_name: 'X',
            last_name: 'Y',
          },
        }),
      ),
    );
    await page.goto('/student-dashboard');
    await expect(page).toHaveURL(/\/student-login$/);
    await expect(page.getByText('Please log in to access your dashboard')).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('student_data'))).toBeNull();
  });
});

test('a student with a session but an unpaid enrolment is asked to complete the payment', async ({ page, request }) => {
  const student = await createStudent(request, { pay: 'none' });
  // The enrolment wizard keeps this session after registration (same store as the login).
  await page.goto('/privacy');
  await page.evaluate(
    ({ token, id, email }) =>
      localStorage.setItem(
        'student_data',
        JSON.stringify({ token, student: { id, email, first_name: 'Ada', last_name: 'Lovelace' } }),
      ),
    student,
  );
  await page.goto('/student-dashboard');
  await expect(page.getByRole('heading', { name: 'Complete Enrollment Payment' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete Enrollment Payment' })).toHaveAttribute('href', '/enroll');
  await expect(page.getByRole('heading', { name: 'Course Stages' })).toHaveCount(0);
});

test("a paid student's dashboard asks for their record, progress and ID status at once, before it draws, and does not move while they arrive", async ({
  page,
  request,
}) => {
  const paid = await createStudent(request, { pay: 'combined', course: 'foundation' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    // Every layout shift the page makes, as the browser measures them (Cumulative Layout Shift).
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
    // Each request the page sends, and whether the dashboard had drawn its loading state by then.
    const sent: { url: string; drawn: boolean }[] = [];
    (window as unknown as { sent: typeof sent }).sent = sent;
    const send = window.fetch;
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      sent.push({ url, drawn: document.body.textContent?.includes('Loading your dashboard') ?? false });
      return send(input, init);
    };
  });
  // The record is held back until the course's progress and ID status have been asked for too, and the
  // progress until the record is on the page.
  const releaseRecord = await holdBack(page, `**/api/student/${paid.id}`);
  const releaseProgress = await holdBack(page, '**/api/student/*/progress');
  await storeSession(page, paid);
  const courseAsked = Promise.all([
    page.waitForRequest(`**/api/student/${paid.id}/progress`),
    page.waitForRequest('**/id-status'),
  ]);
  await page.goto('/student-dashboard');
  await courseAsked;
  releaseRecord();
  await expect(page.getByRole('heading', { level: 1, name: /Ada/ })).toBeVisible();
  releaseProgress();
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await settled(page);

  const first = await page.evaluate(() =>
    (window as unknown as { sent: { url: string; drawn: boolean }[] }).sent
      .slice(0, 3)
      .map(
        ({ url, drawn }) =>
          `${new URL(url, location.href).pathname.split('/').pop()}: ${drawn ? 'after' : 'before'} drawing`,
      ),
  );
  expect(first).toEqual([`${paid.id}: before drawing`, 'progress: before drawing', 'id-status: before drawing']);
  const total = await page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
  );
  // Under 0.1 is what Lighthouse and Core Web Vitals call good.
  expect(total).toBeLessThan(0.1);
});

test.describe('a paid course from ID upload to certificate', () => {
  test('upload a PNG, get approved, complete every stage, request and download the certificate', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const student = await createStudent(request, { pay: 'combined', course: 'foundation' });
    await moveCourseStart(request, student.id);
    await logIn(page, student.email);
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible();

    // Course paid, ID not started: stages visibly locked, no course access yet.
    await expect(page.getByTestId('progress-percentage')).toHaveText('0%');
    await expect(page.getByText('Course stages unlock once your ID verification is approved.')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Stage 1: Introduction & Setup/ })).toBeDisabled();
    await expect(page.getByRole('link', { name: /Course Access/ })).toHaveCount(0);
    const referralCode = await page.getByTestId('referral-code').textContent();
    expect(referralCode).toMatch(/^VBR-[A-Z0-9]{6}$/);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy referral code' }).click();
    await expect(page.getByText('Referral code copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(referralCode);

    // Start ID verification and upload a real PNG.
    await page.getByRole('button', { name: 'Start ID Verification' }).click();
    const upload = page.getByRole('button', { name: 'Upload ID Document' });
    await expect(upload).toBeVisible();
    await page.getByLabel(/Photo ID/).setInputFiles(pngFile());
    await expect(page.getByText('ID document uploaded successfully! Awaiting review.')).toBeVisible();
    await expect(page.getByText('Under Review', { exact: true }).last()).toBeVisible();
    await expect(page.getByText(/Uploaded on \d{1,2} \w+ \d{4}/)).toBeVisible();

    // An administrator approves it through the review API.
    const admin = await adminApiToken(request);
    const review = await request.post(`/api/admin/id-verification/${student.id}/review`, {
      headers: { Authorization: `Bearer ${admin}` },
      data: { student_id: student.id, status: 'approved', rejection_reason: null },
    });
    expect(review.ok(), await review.text()).toBeTruthy();

    await page.reload();
    await expect(page.getByText(/Approved on \d{1,2} \w+ \d{4}/)).toBeVisible();
    const access = page.getByRole('link', { name: /Course Access/ });
    await expect(access).toHaveAttribute('href', 'https://example.com/course/foundation');
    await expect(access).toHaveAttribute('target', '_blank');
    await expect(page.getByText('Course stages unlock once your ID verification is approved.')).toHaveCount(0);

    // Tick every stage.
    for (let stage = 1; stage <= 5; stage += 1) {
      const box = page.getByRole('checkbox', { name: new RegExp(`^Stage ${stage}:`) });
      await expect(box).toBeEnabled();
      // The box changes once the server has saved the stage.
      await box.click();
      await expect(page.getByText(`Stage ${stage} marked as complete!`)).toBeVisible();
      await expect(box).toBeChecked();
    }
    await expect(page.getByTestId('progress-percentage')).toHaveText('100%');
    await expect(page.getByText('Congratulations! You have completed your course.')).toBeVisible();
    await expect(page.getByText('In Progress')).toBeVisible();

    // Untick and tick again: the toast says so.
    await page.getByRole('checkbox', { name: /^Stage 3:/ }).click();
    await expect(page.getByText('Stage 3 marked as incomplete!')).toBeVisible();
    await expect(page.getByTestId('progress-percentage')).toHaveText('80%');
    await expect(page.getByRole('button', { name: 'Request Certificate' })).toHaveCount(0);
    await page.getByRole('checkbox', { name: /^Stage 3:/ }).click();
    await expect(page.getByTestId('progress-percentage')).toHaveText('100%');

    await page.getByRole('button', { name: 'Request Certificate' }).click();
    await expect(page.getByText('Certificate requested! Awaiting admin activation.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pending Activation' })).toBeDisabled();

    // Once an administrator activates it, the student views and downloads the real PDF.
    const certificate = (await (
      await request.get(`/api/student/${student.id}/certificate`, {
        headers: { Authorization: `Bearer ${student.token}` },
      })
    ).json()) as { certificate: { certificate_id: string } };
    // Every stage done on a started course: no confirmation needed, sending it is harmless.
    const activation = await request.post(`/api/admin/certificate/${certificate.certificate.certificate_id}/activate`, {
      headers: { Authorization: `Bearer ${admin}` },
      data: { confirm_incomplete: true },
    });
    expect(activation.ok(), await activation.text()).toBeTruthy();
    await page.reload();
    const viewCertificate = page.getByRole('button', { name: 'View Certificate' });
    // Closing the modal gives focus back to the button that opened it.
    await viewCertificate.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(viewCertificate).toBeFocused();
    await viewCertificate.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewCertificate).toBeFocused();
    await viewCertificate.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Ada Lovelace');
    await expect(dialog).toContainText('Foundation Course');
    await expect(dialog).toContainText(certificate.certificate.certificate_id);
    await expect(dialog).toContainText('CPD-E2E-12345');
    const downloadPromise = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Certificate' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`certificate-${certificate.certificate.certificate_id}.pdf`);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByText('Certificate downloaded')).toBeVisible();

    // Unticking a stage afterwards does not hide the activated certificate.
    await page.keyboard.press('Escape');
    await page.getByRole('checkbox', { name: /^Stage 2:/ }).click();
    await expect(page.getByTestId('progress-percentage')).toHaveText('80%');
    await expect(page.getByRole('button', { name: 'View Certificate' })).toBeVisible();
  });

  test('a rejected ID shows the reason and a new upload shows its progress, then goes back under review', async ({
    page,
    request,
  }) => {
    const student = await createStudent(request, { pay: 'combined', course: 'foundation' });
    await moveCourseStart(request, student.id);
    const headers = { Authorization: `Bearer ${student.token}` };
    const first = await request.post(`/api/students/${encodeURIComponent(student.email)}/upload-id`, {
      headers,
      multipart: { file: pngFile() },
    });
    expect(first.ok(), await first.text()).toBeTruthy();
    const admin = await adminApiToken(request);
    const rejection = await request.post(`/api/admin/id-verification/${student.id}/review`, {
      headers: { Authorization: `Bearer ${admin}` },
      data: { status: 'rejected', rejection_reason: 'The photo is too dark to read' },
    });
    expect(rejection.ok(), await rejection.text()).toBeTruthy();

    await logIn(page, student.email);
    await expect(page.getByText('The photo is too dark to read')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Stage 1:/ })).toBeDisabled();

    // A slow connection, so the progress bar of a 3 MB upload can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 4_000_000,
      uploadThroughput: 1_000_000,
    });
    const png = pngFile();
    await page
      .getByLabel(/Photo ID/)
      .setInputFiles({ ...png, buffer: Buffer.concat([png.buffer, Buffer.alloc(3_000_000)]) });
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect(bar).toBeVisible();
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect(page.getByText('ID document uploaded successfully! Awaiting review.')).toBeVisible({
      timeout: 30_000,
    });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(page.getByText(/Uploaded on \d{1,2} \w+ \d{4}/)).toBeVisible();
    await expect(page.getByText('The photo is too dark to read')).toHaveCount(0);
  });

  test('a file that is not an image or PDF is refused in the browser before any upload', async ({ page, request }) => {
    const student = await createStudent(request, { pay: 'combined', course: 'pro' });
    await logIn(page, student.email);
    await page.getByRole('button', { name: 'Start ID Verification' }).click();
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/upload-id')) uploads += 1;
    });
    await page
      .getByLabel(/Photo ID/)
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('Please upload a JPG, PNG, or PDF file only')).toBeVisible();
    await page
      .getByLabel(/Photo ID/)
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10_485_761) });
    await expect(page.getByText('File size must be less than 10MB')).toBeVisible();
    expect(uploads).toBe(0);
    // The Pro course lists its 9 stages.
    await expect(page.getByRole('list', { name: 'Course stages' }).getByRole('listitem')).toHaveCount(9);
  });
});

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const) {
  test(`a refunded student's dashboard says what was refunded and when, under a header without the refunded course (${size.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    // The fee, then the course in a payment of its own; the course payment is refunded.
    const student = await createStudent(request, { pay: 'enrollment', course: 'foundation', firstName: 'Rafe' });
    const coursePayment = await request.post('/api/square/create-payment', {
      headers: { Authorization: `Bearer ${student.token}` },
      data: {
        source_id: 'cnon:card-nonce-ok',
        student_id: student.id,
        amount: paymentAmountPence(DEFAULT_CATALOGUE, 'course', 'foundation') / 100,
        currency: 'GBP',
        payment_type: 'course',
        description: 'e2e set-up',
        idempotency_key: randomUUID(),
        terms_accepted: true,
      },
    });
    expect(coursePayment.ok(), await coursePayment.text()).toBeTruthy();
    const headers = { Authorization: `Bearer ${await adminApiToken(request)}` };
    const listed = await request.get(`/api/admin/payments?search=${encodeURIComponent(student.email)}`, { headers });
    const payment = (
      (await listed.json()) as { payments: Array<{ id: string; student_id: string; payment_type: string }> }
    ).payments.find((row) => row.student_id === student.id && row.payment_type === 'course')!;
    const refund = await request.post(`/api/admin/payments/${payment.id}/refund`, {
      headers,
      data: { reason: 'Changed their mind' },
    });
    expect(refund.ok(), await refund.text()).toBeTruthy();

    await logIn(page, student.email);
    await expect(page).toHaveURL(/\/student-dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Rafe!' })).toBeVisible();
    // The header no longer names the course the body offers to choose again.
    await expect(page.getByTestId('student-course')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Choose Foundation' })).toBeVisible();
    const refunds = page.getByRole('region', { name: 'Refunds' });
    await expect(refunds).toContainText(
      `Foundation Course: refunded in full (${priceText('course', 'foundation')}) on ${formatLongDate(new Date())}.`,
    );
    await expect(refunds).toContainText('Your course is no longer paid for: you can choose a course again below.');
    await settled(page);
    await expectNoAxeFindings(page, `a refunded student's dashboard at ${size.width} px`);
  });
}
