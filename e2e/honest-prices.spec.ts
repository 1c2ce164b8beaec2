/**
 * An honest sale, as a new visitor sees it on a phone and a desktop: course prices all-in with the fee
 * named, a pricing button that carries its course through the wizard, and step 4's terms of sale and
 * right-to-cancel box, without which nothing is paid (docs/product/public-pages.md, enrolment.md).
 */
import { TERMS_OF_SALE } from '@shared/terms';
import { chooseFirstStartDate, continueToStep, enterCard, fillPersonalInfo, termsBox } from './enrolment-helpers';
import { expect, priceText, test, uniqueEmail } from './fixtures';
import { expectNoAxeFindings, settled } from './page-checks';

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the course cards show the all-in price with the fee named, and each opens the wizard with its course', async ({
      page,
    }) => {
      await page.goto('/');
      await settled(page);
      const pricing = page.locator('#pricing');
      const card = (name: string) => pricing.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      for (const [name, course] of [
        ['Foundation Course', 'foundation'],
        ['Pro Course', 'pro'],
      ] as const) {
        await expect(card(name)).toContainText(priceText('combined', course));
        await expect(card(name)).toContainText(`includes the ${priceText('enrollment')} enrollment fee`);
        await expect(card(name)).toContainText(
          `${priceText('course', course)} if you have already paid the enrollment fee`,
        );
        await expect(card(name).getByRole('link', { name: `Enroll Now: ${name}` })).toHaveAttribute(
          'href',
          `/enroll?step=course-selection&course=${course}`,
        );
      }
      // The course price alone is never the headline.
      await expect(card('Pro Course').locator('p.text-4xl')).toHaveText(priceText('combined', 'pro'));
      await expect(card('Enrollment Fee').getByRole('link')).toHaveAttribute('href', '/enroll');
      await pricing.scrollIntoViewIfNeeded();
      await expectNoAxeFindings(page, `the pricing section at ${size.width} px`, { include: '#pricing' });
    });

    test('pricing → Pro preselected → Pay refused without the box, nothing charged → paid with it', async ({
      page,
    }) => {
      const email = uniqueEmail(`honest-${size.name}`);
      const paymentCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/square/create-payment')) paymentCalls.push(request.method());
      });
      await page.goto('/');
      await settled(page);
      await page.locator('#pricing').getByRole('link', { name: 'Enroll Now: Pro Course' }).click();
      await expect(page).toHaveURL(/\/enroll\?step=personal-info&course=pro$/);

      await fillPersonalInfo(page, email);
      await continueToStep(page, 'Choose Your Payment Option');
      const completePackage = page.getByRole('radio', { name: /Complete Package/ });
      await expect(completePackage).toHaveAttribute('aria-checked', 'true');
      await expect(completePackage).toContainText(`includes the ${priceText('enrollment')} enrollment fee`);
      await continueToStep(page, 'Choose Your Course');
      const pro = page.getByRole('radio', { name: /Pro Course/ });
      await expect(pro).toHaveAttribute('aria-checked', 'true');
      await expect(pro).toContainText(priceText('combined', 'pro'));
      await chooseFirstStartDate(page);
      await continueToStep(page, 'Payment');
      await expect(page.getByTestId('order-total')).toHaveText(priceText('combined', 'pro'));

      // The terms open in a new tab, so the card form is not lost.
      const termsLink = page.getByRole('link', { name: /Terms of Sale/ });
      await expect(termsLink).toHaveAttribute('href', '/terms-of-sale');
      await expect(termsLink).toHaveAttribute('target', '_blank');
      await expect(termsBox(page)).not.toBeChecked();
      await settled(page);
      await expectNoAxeFindings(page, `step 4 at ${size.width} px`);

      await enterCard(page, { acceptTerms: false });
      const pay = page.getByRole('button', { name: `Pay ${priceText('combined', 'pro')}` });
      await pay.click();
      const error = page.getByText('Please tick the box to agree to the terms of sale');
      await expect(error).toBeVisible();
      await expect(termsBox(page)).toBeFocused();
      await expect(termsBox(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(termsBox(page)).toHaveAccessibleDescription(/Please tick the box to agree to the terms of sale/);
      await expectNoAxeFindings(page, `step 4 with the terms error at ${size.width} px`);
      expect(paymentCalls).toEqual([]);
      await expect(page).toHaveURL(/step=payment/);

      await termsBox(page).check();
      await expect(error).toHaveCount(0);
      await pay.click();
      await expect(page).toHaveURL(/\/success$/);
      await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
      await expect(page.getByText(priceText('combined', 'pro'))).toBeVisible();
      expect(paymentCalls).toEqual(['POST']);
    });
  });
}

test('the terms of sale show their version and date and the right to cancel that the checkout box gives up', async ({
  page,
}) => {
  await page.goto('/terms-of-sale');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Sale' })).toBeVisible();
  await expect(page.getByText(`Version ${TERMS_OF_SALE.version} · Last updated`)).toBeVisible();
  await expect(page.getByRole('heading', { name: /Your right to cancel/ })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('lose your 14-day right to cancel');
  await expect(page.getByRole('main')).toContainText(
    `A new student pays ${priceText('combined', 'foundation')} for the Foundation Course`,
  );
});
