/**
 * The certificate a school can stand behind, end to end: the owner turns the final assessment on in
 * Settings; a student whose course started six weeks ago ticks stages 1 to 4 (the last one waits for
 * the pass), submits a file as the final piece; a staff admin downloads it and passes it in the
 * Assessments tab; the student's last stage is then complete and they request the certificate; once it
 * is activated they download the Open Badges credential and see the "Add to LinkedIn" link; when the
 * owner revokes it, /verify says "Revoked". The setting goes back off after the test, so the other
 * journeys on this worker's server keep ticking the last stage.
 */
import { openAdminTab } from './admin-nav';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { messages } from '@shared/messages';
import { SETTING_LABELS } from '@shared/site-settings';
import { Setup } from './admin-setup';
import { adminApiToken, expect, signInToAdmin, test } from './fixtures';
import { expectNoAxeFindings, screenshots } from './page-checks';
import { signInStudent } from './student-login';

const m = messages.assessment;
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-final-assessment';
const PIECE = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function setRequired(request: APIRequestContext, on: boolean) {
  const res = await request.put('/api/admin/settings', {
    headers: { Authorization: `Bearer ${await adminApiToken(request)}` },
    data: { final_assessment_required: on ? 'on' : 'off' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A staff admin invited by the owner, with the generated password replaced (as they must first). */
async function staffAdmin(request: APIRequestContext) {
  const username = `assessor-${Date.now().toString(36)}`;
  const invited = await request.post('/api/admin/admins', {
    headers: { Authorization: `Bearer ${await adminApiToken(request)}` },
    data: { username, role: 'staff' },
  });
  expect(invited.ok(), await invited.text()).toBeTruthy();
  const generated = ((await invited.json()) as { password: string }).password;
  const login = await request.post('/api/admin/login', { data: { username, password: generated } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const password = `assessor-password-${Date.now()}`;
  const changed = await request.post('/api/admin/me/password', {
    headers: { Authorization: `Bearer ${token}` },
    data: { current_password: generated, new_password: password },
  });
  expect(changed.ok(), await changed.text()).toBeTruthy();
  return { username, password };
}

// The http:// link the student tries first is refused by the server (400), as it should be.
test.use({ allowConsoleErrors: [/status of 400/] });

test.afterEach(async ({ request }) => setRequired(request, false));

test('the owner asks for a final piece; the student sends it, staff pass it, the certificate follows', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const setup = new Setup(request, await adminApiToken(request), Date.now().toString(36));
  const student = await setup.student('Fenella', 'foundation');
  await setup.markPaid(student);
  await setup.uploadId(student);
  await setup.approveId(student);
  // Six weeks ago: every stage, the last one included, has opened.
  await setup.startCourse(student, new Date(Date.now() - 42 * 86_400_000).toISOString().slice(0, 10));
  const staff = await staffAdmin(request);

  // 1. The owner turns the setting on in Settings.
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signInToAdmin(adminPage);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await openAdminTab(adminPage, 'Settings');
  await adminPage.getByRole('switch', { name: SETTING_LABELS.final_assessment_required.label }).check();
  await adminPage.getByRole('button', { name: 'Save settings' }).click();
  await expect(adminPage.getByText(messages.admin.settingsSaved)).toBeVisible();
  await adminPage.getByRole('button', { name: 'Logout' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/login/);

  // 2. The student ticks stages 1 to 4; the last stage has no box to tick, the panel instead.
  await signInStudent(page, student.email);
  await expect(page.getByRole('heading', { name: 'Welcome back, Fenella!' })).toBeVisible();
  for (let stage = 1; stage <= 4; stage += 1) {
    const box = page.getByRole('checkbox', { name: new RegExp(`^Stage ${stage}:`) });
    await box.click();
    await expect(box).toBeChecked();
  }
  const last = page.getByRole('checkbox', { name: /^Stage 5:/ });
  await expect(last).toBeDisabled();
  await expect(page.getByRole('list', { name: 'Course stages' })).toContainText(m.lastStageLabel);
  const panel = page.getByTestId('final-assessment');
  await expect(panel.getByRole('heading', { name: m.panelTitle })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Certificate' })).toHaveCount(0);
  await expectNoAxeFindings(page, 'the final piece panel');
  await screenshots(page, SHOTS_DIR, 'panel-open');

  // 3. A link needs https; then the file is sent with a note.
  await panel.getByRole('radio', { name: m.chooseLink }).check();
  await panel.getByLabel(m.linkLabel).fill('http://example.com/piece');
  await panel.getByRole('button', { name: m.submit }).click();
  await expect(page.getByText(m.urlInvalid).first()).toBeVisible();
  await panel.getByRole('radio', { name: m.chooseFile }).check();
  await panel
    .getByLabel(m.fileLabel)
    .setInputFiles({ name: 'hedgehog review.pdf', mimeType: 'application/pdf', buffer: PIECE });
  await panel.getByLabel(m.noteLabel).fill('My review of a hedgehog book.');
  await panel.getByRole('button', { name: m.submit }).click();
  await expect(page.getByText(m.submitted)).toBeVisible();
  await expect(panel.getByTestId('final-assessment-status')).toContainText('waiting for review');
  await expect(panel.getByRole('button', { name: m.submit })).toHaveCount(0);
  await screenshots(page, SHOTS_DIR, 'panel-pending');

  // 4. Staff open the Assessments tab: the piece waits, its file downloads, and they pass it.
  await signInToAdmin(adminPage, staff);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await openAdminTab(adminPage, 'Assessments');
  const tab = adminPage.getByRole('tabpanel', { name: 'Assessments' });
  const row = tab.getByTestId('assessment-row').filter({ hasText: student.name });
  await expect(row).toContainText('Waiting');
  await expect(row).toContainText('My review of a hedgehog book.');
  const download = adminPage.waitForEvent('download');
  await row.getByRole('button', { name: `${m.openFile}: hedgehog review.pdf` }).click();
  expect((await download).suggestedFilename()).toBe('hedgehog review.pdf');
  await expectNoAxeFindings(adminPage, 'the Assessments tab');
  await screenshots(adminPage, SHOTS_DIR, 'assessments-tab');
  await row.getByRole('button', { name: `${m.pass}: ${student.name}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: m.passTitle });
  await dialog.getByLabel(m.feedbackOptionalLabel).fill('Lovely close-ups.');
  await dialog.getByRole('button', { name: m.pass }).click();
  await expect(adminPage.getByText(m.passedToast(student.name))).toBeVisible();
  await expect(tab.getByTestId('assessment-row').filter({ hasText: student.name })).toHaveCount(0);
  await adminContext.close();

  // 5. The student sees the pass and the last stage complete, and requests the certificate.
  await page.reload();
  await expect(panel.getByTestId('final-assessment-status')).toContainText(m.passed);
  await expect(panel).toContainText('Lovely close-ups.');
  await expect(last).toBeChecked();
  await page.getByRole('button', { name: 'Request Certificate' }).click();
  await expect(page.getByText('Certificate requested! Awaiting admin activation.')).toBeVisible();
  await screenshots(page, SHOTS_DIR, 'panel-passed');

  // 6. Once activated, the student carries it: the signed credential and the LinkedIn link.
  const owner = { Authorization: `Bearer ${await adminApiToken(request)}` };
  const certificateId = await activateRequestedCertificate(request, student, owner);
  await page.reload();
  await expect(page.getByRole('button', { name: 'View Certificate' })).toBeVisible();
  await expectCredentialOffered(page, certificateId);
  await screenshots(page, SHOTS_DIR, 'certificate-ready');

  // 7. Revoked by the owner: an employer checking /verify is told so.
  const revoked = await request.post(`/api/admin/certificate/${certificateId}/revoke`, {
    headers: owner,
    data: { reason: 'Payment reversed by the bank' },
  });
  expect(revoked.ok(), await revoked.text()).toBeTruthy();
  await page.goto(`/verify/${certificateId}`);
  await expect(page.getByText(/Revoked/).first()).toBeVisible();
  await expect(page.getByText('Payment reversed by the bank')).toHaveCount(0);
});

/** Activates the student's requested certificate through the API (the tab is covered by certificates-journey). */
async function activateRequestedCertificate(
  request: APIRequestContext,
  student: { id: string; token: string },
  owner: Record<string, string>,
): Promise<string> {
  const own = await request.get(`/api/student/${student.id}/certificate`, {
    headers: { Authorization: `Bearer ${student.token}` },
  });
  const certificateId = ((await own.json()) as { certificate: { certificate_id: string } }).certificate.certificate_id;
  const activated = await request.post(`/api/admin/certificate/${certificateId}/activate`, {
    headers: owner,
    data: {},
  });
  expect(activated.ok(), await activated.text()).toBeTruthy();
  return certificateId;
}

/** The dashboard's credential block: the badge, the signed VC-JWT download and the LinkedIn link. */
async function expectCredentialOffered(page: Page, certificateId: string) {
  const linkedIn = page.getByRole('link', { name: /Add to LinkedIn/ });
  await expect(linkedIn).toHaveAttribute('target', '_blank');
  const href = new URL((await linkedIn.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe('https://www.linkedin.com/profile/add');
  expect(href.searchParams.get('certId')).toBe(certificateId);
  expect(href.searchParams.get('certUrl')).toBe(new URL(`/verify/${certificateId}`, page.url()).toString());
  expect(href.searchParams.get('name')).toBe('Foundation Course');

  const badge = page.getByRole('img', { name: /Badge: Foundation Course/ });
  await expect(badge).toBeVisible();
  // Visible as soon as the element is laid out; the PNG itself may still be on its way.
  await expect.poll(() => badge.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download credential' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`credential-${certificateId}.jwt`);
  const jwt = await readFile((await file.path())!, 'utf8');
  expect(jwt.split('.')).toHaveLength(3);
  const [header, payload] = jwt
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as unknown);
  expect(header).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt' });
  expect(payload).toMatchObject({
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    credentialSubject: { achievement: { name: 'Foundation Course' } },
  });
  await expect(page.getByText('Credential downloaded')).toBeVisible();
}
