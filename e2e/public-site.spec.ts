import { openAdminTab } from './admin-nav';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { adminApiToken, enrolStudentViaApi, expect, priceText, test, uniqueEmail } from './fixtures';
import { messages } from '@shared/messages';
import { ROUTES } from '@shared/routes';
import { serveShellInstead, settled } from './page-checks';

const publicPages = [
  { path: '/', heading: 'Enrolment Registration' },
  { path: '/support', heading: 'How can we help?' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Sale' },
  { path: '/terms-of-sale', heading: 'Terms of Sale' },
  { path: '/certificate-demo', heading: null },
  { path: '/student-login', heading: 'Student Login' },
  { path: '/enroll', heading: 'Enrolment Registration' },
];

// The widget's cards, also while the widget steps aside (on the first view it is in the page, invisible).
const signupCards = (page: Page) => page.getByTestId('signup-widget').getByTestId('signup-card');

/**
 * Three sign-ups of students who agreed to be shown, as the API would answer: the widget's layout
 * tests need cards, and a fresh database has no such student.
 */
async function mockSignups(page: Page) {
  const now = new Date().toISOString();
  const notifications = ['Ada', 'Ben', 'Cy'].map((name, index) => ({
    id: name,
    first_name: name,
    signup_location: 'York',
    course_type: index === 0 ? 'Pro' : 'Foundation',
    signed_up_at: now,
  }));
  await page.route('**/api/recent-signups', (route) =>
    route.fulfill({ json: { notifications, samples_allowed: false } }),
  );
}

/** Scrolls down in steps until the widget shows (past the hero, clear of every link and button). */
async function revealWidget(page: Page) {
  const widget = page.getByTestId('signup-widget');
  await expect(widget).toHaveCount(1);
  for (let y = 0; y < 20_000; y += 120) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    if ((await widget.getAttribute('data-stepped-aside')) === 'false') break;
  }
  await expect(page.getByRole('region', { name: 'Recent sign-ups' })).toBeVisible();
}

test('every public page renders and hydrates without console errors', async ({ page }) => {
  for (const { path, heading } of publicPages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const h1 = page.getByRole('heading', { level: 1 }).first();
    await expect(h1).toBeVisible();
    if (heading) await expect(h1).toHaveText(heading);
    await expect(page).toHaveTitle(/\S/);
    expect(await page.locator('meta[name="description"]').first().getAttribute('content')).toBeTruthy();
  }
  // The floating help launcher leads to /support on public pages, and is absent from the admin area.
  await page.goto('/privacy');
  await page.getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Help' })).toHaveCount(0);
});

test('public pages are prerendered: their content is in the HTML before any script runs', async ({ request }) => {
  for (const [path, text] of [
    ['/', 'Choose Your Path'],
    ['/support', 'Enrollment &amp; Payments'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Billing disputes are accepted within 30 days'],
    ['/student-login', 'Enter your email to access your course dashboard.'],
    ['/enroll', 'Personal Information'],
    [
      '/verify/vbr-abcdefghjk',
      'Certificate ID <span class="font-mono font-semibold break-all text-slate-900">VBR-ABCDEFGHJK',
    ],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(text);
    // One title and one description: the page's own replace the site's.
    expect(html.match(/<title>/g), path).toHaveLength(1);
    expect(html.match(/<meta\s+name="description"/g), path).toHaveLength(1);
  }
  // What the address holds is text on the verification page, never markup.
  const odd = await (await request.get(`/verify/${encodeURIComponent('<img src=x onerror=alert(1)>')}`)).text();
  expect(odd).toContain('&lt;IMG SRC=X ONERROR=ALERT(1)&gt;');
  expect(odd).not.toContain('<IMG');
  const support = await (await request.get('/support')).text();
  expect(support).toContain('<meta name="description" content="Answers about courses');
});

test("a page's title goes with it: from /support to the wizard, the site's title shows", async ({ page }) => {
  await page.goto('/support');
  await expect(page).toHaveTitle('Student Support & FAQ | Video Book Review Specialist');
  // Hydrated, so the link is followed by the router (a full load would bring the right title anyway).
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  await page.getByRole('banner').getByRole('link', { name: 'Enroll Now' }).click();
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
  await expect(page).toHaveTitle('Video Book Review Specialist Certification');
});

test('a prerendered form cannot be sent before the page is ready, and can once it is', async ({ browser, page }) => {
  // Before any script has run (here: none will), Enter in the email field does not send the form
  // as a GET with the email in the address.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const staticPage = await noScript.newPage();
  await staticPage.goto('/student-login');
  await expect(staticPage.getByRole('button', { name: 'Access My Course Dashboard' })).toBeDisabled();
  await staticPage.getByLabel('Email address').fill('someone@example.com');
  await staticPage.getByLabel('Email address').press('Enter');
  // A fixed wait: this checks that no navigation happens, with no script on the page to say when it
  // would have started.
  await staticPage.waitForTimeout(500);
  expect(new URL(staticPage.url()).search).toBe('');
  await noScript.close();

  await page.goto('/student-login');
  await expect(page.getByRole('button', { name: 'Access My Course Dashboard' })).toBeEnabled();
});

test('an FAQ answer opens by tap or keyboard, also before any script has run, and stays open through hydration', async ({
  browser,
  page,
}) => {
  const question = (p: Page) => p.locator('summary', { hasText: 'How long does a course take?' });
  const answer = (p: Page) => p.getByText('A course runs for 6 weeks');

  // No script at all: the page as a phone shows it before hydration.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const staticPage = await noScript.newPage();
  await staticPage.goto('/support');
  await expect(answer(staticPage)).toBeHidden();
  await question(staticPage).click();
  await expect(answer(staticPage)).toBeVisible();
  await noScript.close();

  // Opened while the scripts are held back; still open once they have run and the page has hydrated.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  // Module scripts hold back DOMContentLoaded, not the first paint: the page shows without them.
  await page.goto('/support', { waitUntil: 'commit' });
  await question(page).click();
  await expect(answer(page)).toBeVisible();
  release();
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  await expect(answer(page)).toBeVisible();

  // By keyboard: Enter closes it again, Space opens another, and the state is exposed.
  await question(page).focus();
  await page.keyboard.press('Enter');
  await expect(answer(page)).toBeHidden();
  const other = page.locator('summary', { hasText: 'Are live sessions recorded?' });
  await other.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Recordings of live sessions are made available')).toBeVisible();
  await expect(page.locator('details', { has: other })).toHaveAttribute('open', '');
});

test.describe('an unknown address', () => {
  // Chromium logs the 404 answer to the page itself.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enrolment Registration' })).toBeVisible();
  });
});

test('the landing page shows the claims, pricing and calls to action', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  for (const claim of [
    '500+',
    '4.9/5',
    'CPD Accredited',
    'Lifetime Access',
    'Industry Certification',
    '£75 to £500+',
  ]) {
    await expect(main.getByText(claim).first()).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Why Choose Our Program?' })).toHaveCount(1);
  await expect(page.getByText('Most Popular')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Play video:/ })).toHaveCount(6);
  await expect(
    page.getByRole('link', { name: `Enroll Now - Courses from ${priceText('combined', 'foundation')}, fee included` }),
  ).toHaveAttribute('href', '/enroll');
  await page.getByRole('link', { name: 'Start Your Journey' }).click();
  await expect(page).toHaveURL(/\/enroll(\?step=personal-info)?$/);
});

test('the landing and support pages load and hydrate without the router; a link to a router page loads the router app', async ({
  page,
}) => {
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('load');
  // Hydrated: the sign-up widget (mounted by React after the load event) is in the page.
  await expect(page.getByTestId('signup-widget')).toHaveCount(1);
  expect(scripts.some((path) => /\/assets\/landing-entry-[\w-]+\.js$/.test(path))).toBe(true);
  expect(scripts.filter((path) => /\/assets\/(react-router|router-entry)-[\w-]+\.js$/.test(path))).toEqual([]);
  // Its stylesheet is inlined: the chunks loaded later (the widget's) do not fetch it a second time.
  expect(stylesheets).toEqual([]);

  // A plain link: the next page loads whole, with its own entry (no router either), and works.
  await page.getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How can we help?');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  expect(scripts.some((path) => /\/assets\/support-entry-[\w-]+\.js$/.test(path))).toBe(true);
  expect(scripts.filter((path) => /\/assets\/(react-router|router-entry)-[\w-]+\.js$/.test(path))).toEqual([]);
  // A page of the router app: it loads whole with the router, and within it the brand link home
  // renders the landing page client-side.
  await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/student-login$/);
  await settled(page);
  expect(scripts.some((path) => /\/assets\/router-entry-[\w-]+\.js$/.test(path))).toBe(true);
  await page.getByRole('banner').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Why Choose Our Program?' })).toBeVisible();
});

test("when the server sends the app's shell instead of /support, the browser draws the whole page and it works", async ({
  page,
  request,
}) => {
  await serveShellInstead(page, request, '/support');
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How can we help?');
  await expect(page).toHaveTitle('Student Support & FAQ | Video Book Review Specialist');
  // The FAQ comes from the API (the content in force) and the form is live.
  const question = page.locator('summary').first();
  await question.click();
  await expect(page.locator('details').first()).toHaveAttribute('open', '');
  // Sent empty: the fields say what is missing, and a toast says it too.
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible();
});

test("a rendered page is painted before any of the app's code is fetched, then hydrates", async ({ page }) => {
  for (const [path, ready] of [
    ['/', () => page.getByTestId('signup-widget')],
    ['/support', () => page.getByRole('button', { name: 'Send Message' })],
    ['/student-login', () => page.getByRole('button', { name: 'Access My Course Dashboard' })],
    ['/verify/VBR-ZZZZZZZZZZ', () => page.getByRole('button', { name: 'Verify' })],
  ] as const) {
    await page.goto(path);
    if (path === '/') await expect(ready()).toBeAttached();
    else await expect(ready()).toBeEnabled();
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(paint, path).toBeDefined();
    // main.tsx (the page's one module script) and Vite's preload helper, which it imports, come with the page.
    const app = scripts.filter(({ name }) => !/\/assets\/(index|preload-helper)-[\w-]+\.js$/.test(name));
    expect(app.length, path).toBeGreaterThan(0);
    for (const script of app) expect(script.start, `${path}: ${script.name}`).toBeGreaterThanOrEqual(paint!);
  }
});

test('a page the server does not render shows the brand and a loading frame until its code has drawn it', async ({
  page,
}) => {
  // The router's entry is held back: what shows meanwhile is the SPA shell's own HTML.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/router-entry-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(ROUTES.adminLogin, { waitUntil: 'commit' });
  const frame = page.locator('#app-loading');
  await expect(frame.getByRole('status')).toHaveText(messages.common.loadingPage);
  await expect(frame.getByRole('link', { name: 'Video Book Review Specialist' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);

  // Once the app has drawn the page, the frame has left the document: only the page's own content is there.
  release();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(frame).toHaveCount(0);
  await expect(page.getByText(messages.common.loadingPage)).toHaveCount(0);
});

test('the hero video plays muted after load, and nothing moves for people who ask for reduced motion', async ({
  page,
}) => {
  await page.goto('/');
  const video = page.locator('video');
  await expect(video).toHaveCount(1);
  expect(await video.evaluate((element: HTMLVideoElement) => element.muted && element.loop)).toBe(true);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await mockSignups(page);
  await page.goto('/');
  await page.waitForLoadState('load');
  await revealWidget(page);
  await expect(page.locator('video')).toHaveCount(0);
  const transition = await page
    .getByTestId('signup-card')
    .first()
    .evaluate((card) => getComputedStyle(card).transitionDuration);
  expect(parseFloat(transition)).toBeLessThan(0.02);
});

test('the navigation anchors scroll to their sections', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Page sections' });
  for (const [link, hash, heading] of [
    ['Pricing', '#pricing', 'Choose Your Path'],
    ['Testimonials', '#testimonials', 'Success Stories'],
    ['Overview', '#overview', 'Why Choose Our Program?'],
  ] as const) {
    await nav.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`${hash}$`));
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeInViewport();
  }
});

test.describe('recent sign-up widget', () => {
  test.describe('when the API fails', () => {
    test.use({ allowConsoleErrors: [/Recent sign-ups could not be loaded|Failed to load resource/] });

    test('shows nothing: no invented sign-ups stand in for the answer', async ({ page }) => {
      const failed = page.waitForEvent('requestfailed', (request) => request.url().includes('/api/recent-signups'));
      await page.route('**/api/recent-signups', (route) => route.abort());
      await page.goto('/');
      await failed;
      await expect(page.getByTestId('signup-widget')).toBeAttached();
      await expect(page.getByTestId('signup-card')).toHaveCount(0);
    });
  });

  test('shows real sign-ups of students who agreed, first name and town only, with the course badge', async ({
    page,
    request,
  }) => {
    const firstName = `Zora${Date.now().toString(36)}`;
    await enrolStudentViaApi(request, {
      pay: 'enrollment',
      firstName,
      lastName: 'Quillfeather',
      email: uniqueEmail('signup'),
      registration: { show_in_recent_signups: true, town: 'Whitby' },
    });
    // The API caches for a few seconds; wait until it lists the new student.
    await expect
      .poll(async () => JSON.stringify(await (await request.get('/api/recent-signups')).json()), { timeout: 20_000 })
      .toContain(firstName);
    await page.goto('/');
    const card = signupCards(page).filter({ hasText: firstName });
    await expect(card).toContainText(`${firstName} from Whitby`);
    await expect(card).not.toContainText('Example');
    // Only the enrolment fee is paid: the card says so rather than naming a course called 'Enrollment'.
    await expect(card).toContainText('just joined the programme');
    await expect(page.getByText('Quillfeather')).toHaveCount(0);
  });

  test("new sign-ups show as 'Just now' and leave after 10 s; allowed examples, marked, after 8 s", async ({
    page,
  }) => {
    // Math.random() = 0: the simulated example comes after exactly 20 s and is the first sample.
    await page.addInitScript(() => {
      Math.random = () => 0;
    });
    // Page time moves only when the test moves it, however slow the machine is.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    const ada = {
      id: 'a',
      first_name: 'Ada',
      signup_location: 'London',
      course_type: 'Pro',
      signed_up_at: fiveMinutesAgo,
    };
    const others = ['b', 'c'].map((id) => ({ ...ada, id, first_name: id.toUpperCase() + 'ea' }));
    const newcomer = { ...ada, id: 'n', first_name: 'Nell', course_type: 'Foundation' };
    // The newcomer is in the answers only from the poll at 30 s (a refetch before it, e.g. on focus,
    // must not bring them early).
    let newcomerSignedUp = false;
    await page.route('**/api/recent-signups', (route) =>
      route.fulfill({
        json: {
          notifications: newcomerSignedUp ? [newcomer, ada, ...others] : [ada, ...others],
          samples_allowed: true,
        },
      }),
    );
    await page.goto('/');
    // Let the page start, 100 ms of page time at a time, until the three cards show.
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return signupCards(page).count();
      })
      .toBe(3);
    await expect(signupCards(page).first()).toContainText('5 minutes ago');
    const justNow = signupCards(page).filter({ hasText: 'Just now' });

    const examples = signupCards(page).and(page.locator('[data-example="true"]'));

    // The simulated example comes 20 s after the widget started (a moment ago, within 2 s).
    await page.clock.runFor(18_000);
    await expect(examples).toHaveCount(0);
    await page.clock.runFor(2_500);
    await expect(examples).toHaveCount(1);
    // The first sample nobody has seen yet in this visit, marked as an example and with no time.
    await expect(examples).toContainText(/Example\s*(Sarah|James) from/);
    await expect(examples).not.toContainText(/Just now|just enrolled|ago/);
    await page.clock.runFor(8_000); // gone after 8 s
    await expect(examples).toHaveCount(0);

    newcomerSignedUp = true;
    await page.clock.runFor(2_000); // past 30 s since the first answer: the poll asks again
    // Its answer arrives in real time and is handed to the page on its next (page) timer tick.
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return justNow.filter({ hasText: 'Nell' }).count();
      })
      .toBe(1);
    await page.clock.runFor(7_000); // still there inside its 10 s
    await expect(justNow.filter({ hasText: 'Nell' })).toHaveCount(1);
    await page.clock.runFor(3_000); // gone after 10 s
    await expect(page.getByText('Nell from')).toHaveCount(0);
    // The three first cards stay (a later example may have joined them by now).
    await expect(signupCards(page).filter({ hasText: '5 minutes ago' })).toHaveCount(3);
  });

  test('cards can be dismissed one by one and the whole widget hidden', async ({ page }) => {
    const now = new Date().toISOString();
    await page.route('**/api/recent-signups', (route) =>
      route.fulfill({
        json: {
          notifications: [
            {
              id: 'a',
              first_name: 'Ada',
              signup_location: 'London',
              course_type: 'Pro',
              signed_up_at: now,
            },
            {
              id: 'b',
              first_name: 'Ben',
              signup_location: 'York',
              course_type: 'Foundation',
              signed_up_at: now,
            },
            {
              id: 'c',
              first_name: 'Cy',
              signup_location: 'UK',
              course_type: 'Enrollment',
              signed_up_at: now,
            },
          ],
          samples_allowed: false,
        },
      }),
    );
    await page.goto('/');
    await expect(signupCards(page)).toHaveCount(3);
    await revealWidget(page);
    const proBadge = signupCards(page).filter({ hasText: 'Ada from' }).getByText('Pro Course', { exact: true });
    await expect(proBadge).toHaveClass(/purple/);
    await expect(
      signupCards(page).filter({ hasText: 'Ben from' }).getByText('Foundation Course', { exact: true }),
    ).toHaveClass(/blue/);
    // Paid the enrolment fee only: no course is named for them.
    await expect(signupCards(page).filter({ hasText: 'Cy from' })).toContainText('just joined the programme');

    await page.getByRole('button', { name: 'Dismiss notification from Ben' }).click();
    await expect(signupCards(page)).toHaveCount(2);
    await expect(page.getByText('Ben from')).toHaveCount(0);

    await page.getByRole('button', { name: 'Hide notifications' }).click();
    await expect(page.getByTestId('signup-widget')).toHaveCount(0);
    // Remembered: the next visit shows no widget either, once the sign-ups it still asks for have come
    // and the next frames have been drawn.
    const answered = page.waitForResponse('**/api/recent-signups');
    await page.reload();
    await page.waitForLoadState('load');
    await expect(page.getByRole('heading', { name: 'Choose Your Path' })).toBeVisible();
    await answered;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(page.getByTestId('signup-widget')).toHaveCount(0);
  });

  test('one person appears once, however the API and the simulation repeat them', async ({ page }) => {
    await page.clock.install();
    const now = new Date().toISOString();
    const ada = {
      id: 'a',
      first_name: 'Ada',
      signup_location: 'London',
      course_type: 'Pro',
      signed_up_at: now,
    };
    // The same person twice under two ids (e.g. two payments), and a sample person.
    const again = { ...ada, id: 'a2' };
    const sarah = { ...ada, id: 's', first_name: 'Sarah' };
    await page.route('**/api/recent-signups', (route) =>
      route.fulfill({ json: { notifications: [ada, again, sarah], samples_allowed: true } }),
    );
    await page.addInitScript(() => {
      Math.random = () => 0; // the first sample is Sarah from London
    });
    await page.goto('/');
    await expect(signupCards(page)).toHaveCount(2);
    await page.clock.runFor(25_000); // a simulated sign-up would be due
    await expect(signupCards(page).filter({ hasText: 'Ada from' })).toHaveCount(1);
    await expect(signupCards(page).filter({ hasText: 'Sarah from' })).toHaveCount(1);
  });
});

test('the contact form sends a message that admins then see in the Messages view', async ({ page, request }) => {
  const subject = `Question ${randomUUID().slice(0, 8)}`;
  await page.goto('/support');

  // The form works once the page has hydrated, which its button shows (disabled until then).
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Rosa Bramble');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('rosa.bramble@example.com');
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill(subject);
  await page.getByRole('combobox', { name: 'Category' }).selectOption('certification');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('When will my certificate arrive?');
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: "Your message has been sent! We'll get back to you within 24 hours." }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('');

  const token = await adminApiToken(request);
  const list = await request.get('/api/admin/messages', { headers: { Authorization: `Bearer ${token}` } });
  expect(list.ok()).toBeTruthy();
  const { messages } = (await list.json()) as { messages: Array<Record<string, unknown>> };
  expect(messages.find((message) => message.subject === subject)).toMatchObject({
    name: 'Rosa Bramble',
    email: 'rosa.bramble@example.com',
    category: 'certification',
    message: 'When will my certificate arrive?',
    read: false,
  });

  await page.goto('/admin/login');
  await page.evaluate((value) => localStorage.setItem('admin_token', value), token);
  await page.goto('/admin/dashboard');
  await openAdminTab(page, 'Messages');
  await expect(page.getByText(subject)).toBeVisible();
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`the sign-up widget never covers the first view or a call to action (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await mockSignups(page);
    await page.goto('/');
    await expect(signupCards(page).first()).toBeAttached();
    // First view: the widget is in the page but steps aside; the hero's calls to action are on top.
    await expect(page.getByRole('region', { name: 'Recent sign-ups' })).toHaveCount(0);
    for (const name of ['Start Your Journey', 'Learn More']) {
      const link = page.getByRole('link', { name }).first();
      await expect(link).toBeVisible();
      // The element a tap at the link's centre reaches is the link itself (not a card above it) …
      const onTop = await link.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit === el || el.contains(hit);
      });
      expect(onTop, `${name} is covered`).toBe(true);
      // … and its text does not vanish into its own background.
      const colours = await link.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
      expect(colours[0], `${name} text colour equals its background`).not.toBe(colours[1]);
    }
    // All the way down the page: whenever the widget shows, its box overlaps no link or button.
    let shown = 0;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += Math.round(viewport.height / 3)) {
      // Scroll, then let the scroll event and the re-render it causes reach the screen (two frames).
      await page.evaluate(async (top) => {
        window.scrollTo(0, top);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }, y);
      const covered = await page.evaluate(() => {
        const widget = document.querySelector('[data-testid="signup-widget"]');
        if (!widget || getComputedStyle(widget).visibility === 'hidden') return null;
        const box = widget.getBoundingClientRect();
        return Array.from(document.querySelectorAll('main a, main button, footer a'))
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom;
          })
          .map((el) => el.textContent?.trim() ?? '');
      });
      if (covered === null) continue;
      shown += 1;
      expect(covered, `at ${y} px the widget covers`).toEqual([]);
    }
    expect(shown, 'the widget showed somewhere down the page').toBeGreaterThan(0);
  });
}
