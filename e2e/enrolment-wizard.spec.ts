import { DEFAULT_CATALOGUE, paymentAmountPence } from '@shared/catalogue';
import { nextIntake } from '@shared/schedule';
import { chooseFirstStartDate, continueToStep, enterCard, fillPersonalInfo, termsBox } from './enrolment-helpers';
import { adminApiToken, expect, priceText, test, uniqueEmail } from './fixtures';

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

test('from the landing page to a paid Complete Package and /success', async ({ page }) => {
  const email = uniqueEmail('journey');
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Your Journey' }).first().click();
  await expect(page).toHaveURL(/\/enroll\?step=personal-info$/);

  await fillPersonalInfo(page, email);
  await continueToStep(page, 'Choose Your Payment Option');
  await expect(page.getByText('Registration created successfully!')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Enrollment Fee Only/ })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: /Complete Package/ }).click();

  await continueToStep(page, 'Choose Your Course');
  await page.getByRole('radio', { name: /Foundation Course/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please select course type and start date')).toBeVisible();
  await chooseFirstStartDate(page);
  const first = nextIntake();
  const dates = page.getByLabel('Your course dates');
  for (const iso of [first.start_date, first.end_date, first.graduation_date])
    await expect(dates).toContainText(longDate(iso));

  await continueToStep(page, 'Payment');
  await expect(page.getByText('Course selection updated!')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(priceText('combined', 'foundation'));
  await enterCard(page);
  await page.getByRole('button', { name: `Pay ${priceText('combined', 'foundation')}` }).click();

  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByText('Payment successful!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Complete Package')).toBeVisible();
  await expect(page.getByText(priceText('combined', 'foundation'))).toBeVisible();
  // The wizard's session carries on: the dashboard, not the sign-in page.
  await expect(page.getByRole('link', { name: 'Go to Student Dashboard' })).toHaveAttribute(
    'href',
    '/student-dashboard',
  );
  await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
  // The stored values are cleared after 5 seconds.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('student_email')), { timeout: 8000 }).toBeNull();
});

test(`the Complete Package with Pro charges ${priceText('combined', 'pro')} and marks the student fully paid`, async ({
  page,
}) => {
  const email = uniqueEmail('pro');
  await page.goto('/enroll');
  await fillPersonalInfo(page, email);
  await continueToStep(page, 'Choose Your Payment Option');
  await page.getByRole('radio', { name: /Complete Package/ }).click();
  await continueToStep(page, 'Choose Your Course');
  await expect(page.getByRole('radio', { name: /Pro Course/ })).toContainText('Most Popular');
  await expect(page.getByRole('note')).toContainText('driving licence, passport or government ID');
  await page.getByRole('radio', { name: /Pro Course/ }).click();
  await chooseFirstStartDate(page);
  await continueToStep(page, 'Payment');
  await expect(page.getByRole('listitem').filter({ hasText: 'Pro Course' })).toContainText(priceText('course', 'pro'));
  await expect(page.getByRole('listitem').filter({ hasText: 'Enrollment Fee' })).toContainText(priceText('enrollment'));
  await enterCard(page);
  await page.getByRole('button', { name: `Pay ${priceText('combined', 'pro')}` }).click();
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByText(priceText('combined', 'pro'))).toBeVisible();

  const student = await page.evaluate(() => JSON.parse(localStorage.getItem('student_data') ?? 'null'));
  expect(student.student).toMatchObject({
    email,
    enrollment_paid: true,
    course_paid: true,
    course_type: 'pro',
    total_paid: paymentAmountPence(DEFAULT_CATALOGUE, 'combined', 'pro') / 100,
  });
});

test.describe('when the server refuses', () => {
  // The decline and the duplicate email are 400 answers, which Chromium logs as console errors.
  test.use({ allowConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test('a declined card shows the message and stays on the payment step; a good card then pays', async ({ page }) => {
    await page.goto('/enroll');
    await fillPersonalInfo(page, uniqueEmail('declined'));
    await continueToStep(page, 'Choose Your Payment Option');
    await continueToStep(page, 'Course Selection');
    await expect(page.getByText('You can choose your course level')).toBeVisible();
    await continueToStep(page, 'Payment');

    await enterCard(page, { number: '4000 0000 0000 0002' });
    await page.getByRole('button', { name: `Pay ${priceText('enrollment')}` }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your card was declined. Please use a different card.' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();

    await enterCard(page, { cvv: '911' });
    await page.getByRole('button', { name: `Pay ${priceText('enrollment')}` }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: "The card's security code (CVV) was not accepted." }),
    ).toBeVisible();

    await enterCard(page);
    await page.getByRole('button', { name: `Pay ${priceText('enrollment')}` }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to the Programme!' })).toBeVisible();
  });

  test('a second registration with the same email is refused with the spec message', async ({ page, request }) => {
    const email = uniqueEmail('dup');
    const res = await request.post('/api/students', { data: { first_name: 'A', last_name: 'B', email } });
    expect(res.status()).toBe(201);
    await page.goto('/enroll');
    await fillPersonalInfo(page, email.toUpperCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Email already registered. Please use a different email.' }),
    ).toBeVisible();
  });
});

test('enrolment only, then Select Your Course Now, then the course payment', async ({ page }) => {
  const email = uniqueEmail('later');
  await page.goto('/enroll');
  await fillPersonalInfo(page, email);
  await continueToStep(page, 'Choose Your Payment Option');
  await continueToStep(page, 'Course Selection');
  await continueToStep(page, 'Payment');
  await enterCard(page);
  await page.getByRole('button', { name: `Pay ${priceText('enrollment')}` }).click();

  await expect(page.getByRole('heading', { name: 'Welcome to the Programme!' })).toBeVisible();
  const bonus = page.getByRole('link', { name: /Download your bonus PDF/ });
  const pdf = await page.request.get((await bonus.getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByRole('link', { name: /community group/ })).toHaveAttribute('href', /^https:\/\//);
  await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support');

  await page.getByRole('button', { name: 'Select Your Course Now' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose Your Payment Option' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Course Payment/ })).toHaveAttribute('aria-checked', 'true');
  await continueToStep(page, 'Choose Your Course');
  await page.getByRole('radio', { name: /Foundation Course/ }).click();
  await chooseFirstStartDate(page);
  await continueToStep(page, 'Payment');
  await enterCard(page);
  await page.getByRole('button', { name: `Pay ${priceText('course', 'foundation')}` }).click();
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByText(priceText('course', 'foundation'))).toBeVisible();
});

test('step 1 asks for the required fields and a correct verification answer', async ({ page }) => {
  await page.goto('/enroll');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();

  await fillPersonalInfo(page, uniqueEmail('maths'), '9');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please complete the verification calculation correctly')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();

  // A new question clears the answer.
  await page.getByRole('button', { name: 'New verification question' }).click();
  const question = page.getByLabel(/^What is \d+ \+ \d+\?/);
  await expect(question).toHaveValue('');
  const label = (await page.getByText(/^What is \d+ \+ \d+\?/).textContent()) ?? '';
  const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(label) ?? [];
  await question.fill(String(Number(a) + Number(b)));
  await continueToStep(page, 'Choose Your Payment Option');

  // Back goes down one step and never below 1.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveCount(0);
});

test('step 1 filled in before the prerendered page has started keeps every answer', async ({ page }) => {
  // The router's entry is held back until the fields are filled, so they are filled in the
  // prerendered HTML. (A fixed delay was not enough: on a loaded machine filling took longer.)
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/router-entry-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/enroll', { waitUntil: 'commit' });
  await fillPersonalInfo(page, uniqueEmail('before-hydration'));
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await expect(page.getByLabel('What is 6 + 2?')).toHaveValue('8');
  await continueToStep(page, 'Choose Your Payment Option');
});

test('paying before the card form is ready says so', async ({ page }) => {
  // An address with a query gets the SPA shell, which brings no settings: the page asks for them.
  await page.goto('/enroll?step=personal-info');
  await fillPersonalInfo(page, uniqueEmail('early'));
  await continueToStep(page, 'Choose Your Payment Option');
  await continueToStep(page, 'Course Selection');
  // Hold the public config so the card form cannot open yet.
  let release: () => void = () => {};
  await page.route('**/api/public-config', async (route) => {
    await new Promise<void>((resolve) => (release = resolve));
    await route.continue();
  });
  await continueToStep(page, 'Payment');
  await termsBox(page).check();
  await page.getByRole('button', { name: `Pay ${priceText('enrollment')}` }).click();
  await expect(page.getByText('Payment form not initialized')).toBeVisible();
  release();
  await expect(page.getByLabel('Card number')).toBeVisible();
});

test.describe('step 1 checks the phone and says when a referral code is unknown', () => {
  test('an invalid phone gets a clear message and changes nothing; an unknown referral code still registers, with a notice', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('phone');
    // Neither the form's validation (zod, lib/registration-form.ts) nor the phone check
    // (libphonenumber-js) is part of the page's first load: they come when the form is used.
    const lateLoads: string[] = [];
    page.on('request', (r) => {
      const chunk = /\/assets\/(registration-form|registration)-[\w-]{8}\.js$/.exec(r.url());
      if (chunk) lateLoads.push(chunk[1]!);
    });
    await page.goto('/enroll');
    await page.waitForLoadState('networkidle');
    expect(lateLoads).toEqual([]);
    await fillPersonalInfo(page, email);
    const phone = page.getByLabel('Phone Number (optional)');
    const message = 'Please enter a valid phone number, e.g. 07400 123456 or +44 7400 123456';
    for (const bad of ['abc', '07700 900123']) {
      await phone.fill(bad);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(phone).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
      await expect(page).toHaveURL(/step=personal-info/);
    }
    expect(lateLoads.sort()).toEqual(['registration', 'registration-form']);
    // Nothing was registered.
    const admin = { Authorization: `Bearer ${await adminApiToken(request)}` };
    const found = await request.get(`/api/admin/students?search=${encodeURIComponent(email)}`, { headers: admin });
    expect(((await found.json()) as { total: number }).total).toBe(0);

    await phone.fill('07400 123456');
    await page.getByLabel('Referral Code (optional)').fill('VBR-NOPE99');
    await continueToStep(page, 'Choose Your Payment Option');
    await expect(page.getByTestId('referral-notice')).toHaveText(
      'Referral code VBR-NOPE99 was not recognised, so it was not applied. Your registration went ahead as normal.',
    );
    await expect(page.getByTestId('referral-notice')).toHaveAttribute('role', 'status');
  });
});

test.describe("when step 1's validation cannot load", () => {
  test.use({ allowConsoleErrors: [/Failed to load resource/] });

  test('the form says so, keeps what was typed and registers nobody; once it loads, Continue works', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('offline-form');
    let blocked = true;
    await page.route(/\/assets\/registration-form-[\w-]{8}\.js$/, (route) =>
      blocked ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto('/enroll');
    await fillPersonalInfo(page, email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The service is temporarily unavailable. Please try again shortly.')).toBeVisible();
    await expect(page.getByLabel('Email Address')).toHaveValue(email);
    await expect(page).toHaveURL(/\/enroll/);
    const admin = { Authorization: `Bearer ${await adminApiToken(request)}` };
    const found = await request.get(`/api/admin/students?search=${encodeURIComponent(email)}`, { headers: admin });
    expect(((await found.json()) as { total: number }).total).toBe(0);

    blocked = false;
    await continueToStep(page, 'Choose Your Payment Option');
  });
});

test('steps 2 to 5 are not in the first load; a step still loading shows a spinner, then takes the focus', async ({
  page,
  request,
}) => {
  // The prerendered page names no step's code: its entry loads after the first paint (decision 055).
  const html = await (await request.get('/enroll')).text();
  expect(html).not.toMatch(/(payment-type|course-selection|payment|confirmation)-step-[\w-]{8}\.js/);

  // Step 2's code held back: the wizard waits for it with a spinner, then focuses its heading.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/payment-type-step-[\w-]{8}\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/enroll');
  await fillPersonalInfo(page, uniqueEmail('slow-step'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
  release();
  const heading = page.getByRole('heading', { level: 2, name: 'Choose Your Payment Option' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
});

/**
 * Radix RadioGroup chooses the radio that an arrow key focuses only while the key is still down, and
 * it moves the focus in a timer: a short press on a busy machine can end before the timer runs.
 */
const KEY_HOLD_MS = 300;

test('the option cards are one radio group each: arrow keys move and choose', async ({ page }) => {
  await page.goto('/enroll');
  await fillPersonalInfo(page, uniqueEmail('arrows'));
  await continueToStep(page, 'Choose Your Payment Option');
  const group = page.getByRole('radiogroup', { name: 'Payment option' });
  const feeOnly = group.getByRole('radio', { name: /Enrollment Fee Only/ });
  const complete = group.getByRole('radio', { name: /Complete Package/ });
  await expect(feeOnly).toHaveAttribute('aria-checked', 'true');
  await feeOnly.focus();
  await page.keyboard.press('ArrowRight', { delay: KEY_HOLD_MS });
  await expect(complete).toBeFocused();
  await expect(complete).toHaveAttribute('aria-checked', 'true');
  await expect(feeOnly).toHaveAttribute('aria-checked', 'false');
  await expect(page).toHaveURL(/type=combined/);
  await page.keyboard.press('ArrowLeft', { delay: KEY_HOLD_MS });
  await expect(feeOnly).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowDown', { delay: KEY_HOLD_MS });
  await expect(complete).toHaveAttribute('aria-checked', 'true');

  await continueToStep(page, 'Choose Your Course');
  const courses = page.getByRole('radiogroup', { name: 'Course' });
  await expect(courses.getByRole('radio')).toHaveCount(2);
  // Nothing chosen yet: the first card is the group's tab stop; arrows choose.
  const foundation = courses.getByRole('radio', { name: /Foundation Course/ });
  const pro = courses.getByRole('radio', { name: /Pro Course/ });
  await foundation.focus();
  await page.keyboard.press('ArrowRight', { delay: KEY_HOLD_MS });
  await expect(pro).toBeFocused();
  await expect(pro).toHaveAttribute('aria-checked', 'true');
  await expect(page).toHaveURL(/course=pro/);
  await page.keyboard.press('ArrowLeft', { delay: KEY_HOLD_MS });
  await expect(foundation).toHaveAttribute('aria-checked', 'true');
  await expect(page).toHaveURL(/course=foundation/);
  await page.keyboard.press('ArrowRight', { delay: KEY_HOLD_MS });
  await expect(page).toHaveURL(/course=pro/);
});
