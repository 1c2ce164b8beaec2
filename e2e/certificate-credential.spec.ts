/**
 * The digital credential on the dashboard: a student with an activated certificate downloads the
 * Open Badges credential (a VC-JWT) and gets an "Add to LinkedIn" link carrying the certificate id and
 * its verification URL. Setup (registration, payment, ID approval, stages, activation) goes through
 * the real HTTP API.
 */
import { readFile } from 'node:fs/promises';
import { Setup } from './admin-setup';
import { adminApiToken, expect, test } from './fixtures';
import { signInStudent } from './student-login';

test('a student with an activated certificate downloads the credential and gets an Add to LinkedIn link', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminApiToken(request);
  const setup = new Setup(request, admin, Date.now().toString(36));
  const student = await setup.student('Mary', 'foundation');
  await setup.markPaid(student);
  await setup.uploadId(student);
  await setup.approveId(student);
  // A start date long past: every stage of the stage calendar is open.
  await setup.startCourse(student);
  const auth = { Authorization: `Bearer ${student.token}` };
  for (let stage = 1; stage <= 5; stage += 1) {
    const res = await request.post(`/api/student/${student.id}/progress`, {
      headers: auth,
      data: { student_id: student.id, stage_number: stage, completed: true },
    });
    expect(res.ok(), `stage ${stage}: ${res.status()}`).toBeTruthy();
  }
  const requested = await request.post(`/api/student/${student.id}/request-certificate`, { headers: auth, data: {} });
  expect(requested.status()).toBe(201);
  const certificateId = ((await requested.json()) as { certificate: { certificate_id: string } }).certificate
    .certificate_id;
  const activated = await request.post(`/api/admin/certificate/${certificateId}/activate`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: {},
  });
  expect(activated.ok()).toBeTruthy();

  await signInStudent(page, student.email);
  await expect(page.getByRole('button', { name: 'View Certificate' })).toBeVisible();

  const linkedIn = page.getByRole('link', { name: /Add to LinkedIn/ });
  await expect(linkedIn).toHaveAttribute('target', '_blank');
  const href = new URL((await linkedIn.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe('https://www.linkedin.com/profile/add');
  expect(href.searchParams.get('certId')).toBe(certificateId);
  expect(href.searchParams.get('certUrl')).toBe(new URL(`/verify/${certificateId}`, page.url()).toString());
  expect(href.searchParams.get('name')).toBe('Foundation Course');

  const badge = page.getByRole('img', { name: /Badge: Foundation Course/ });
  await expect(badge).toBeVisible();
  expect(await badge.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download credential' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`credential-${certificateId}.jwt`);
  const jwt = await readFile((await file.path())!, 'utf8');
  const [header, payload] = jwt
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as unknown);
  expect(jwt.split('.')).toHaveLength(3);
  expect(header).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt' });
  expect(payload).toMatchObject({
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    credentialSubject: { achievement: { name: 'Foundation Course' } },
  });
  await expect(page.getByText('Credential downloaded')).toBeVisible();
});
