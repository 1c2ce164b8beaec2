/**
 * The stage calendar in the student's dashboard: on the course's first day stage 1 can be ticked and
 * every later stage shows a disabled box and the day it opens; ticking is kept for the day it opens.
 * Screenshots at a phone's and a desktop's width go to SHOTS_DIR for a person to look at.
 */
import { formatLongDate, stageOpensOn } from '@shared/schedule';
import { Setup } from './admin-setup';
import { adminApiToken, expect, test } from './fixtures';
import { screenshots } from './page-checks';
import { signInStudent } from './student-login';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-stage-calendar';

test('on the first day only stage 1 is open; the others say the day they open', async ({ page, request }) => {
  test.setTimeout(90_000);
  const setup = new Setup(request, await adminApiToken(request), Date.now().toString(36));
  const student = await setup.student('Stella', 'pro');
  await setup.markPaid(student);
  await setup.uploadId(student);
  await setup.approveId(student);
  // The UTC day: started by the server's clock, and the UK day is never past stage 2's (8 days on).
  const today = new Date().toISOString().slice(0, 10);
  await setup.startCourse(student, today);

  await signInStudent(page, student.email);
  const stages = page.getByRole('list', { name: 'Course stages' });
  await expect(stages.getByRole('listitem')).toHaveCount(9);
  const first = page.getByRole('checkbox', { name: /^Stage 1:/ });
  await expect(first).toBeEnabled();
  for (let stage = 2; stage <= 9; stage += 1) {
    const item = stages.getByRole('listitem').nth(stage - 1);
    await expect(item.getByRole('checkbox')).toBeDisabled();
    await expect(item).toContainText(`Opens ${formatLongDate(stageOpensOn(today, stage, 9))}`);
  }
  await expect(stages.getByTestId('stage-opens')).toHaveCount(8);
  await first.click();
  await expect(page.getByText('Stage 1 marked as complete!')).toBeVisible();
  await screenshots(page, SHOTS_DIR, 'stages-first-day');
});
