/** Shared steps of the enrolment journeys: filling step 1, choosing a date, entering a test card. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export async function fillPersonalInfo(page: Page, email: string, answer = '8') {
  await page.getByRole('textbox', { name: 'First Name' }).fill('Jane');
  await page.getByLabel('Last Name').fill('Reader');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number (optional)').fill('07400 123456');
  await page.getByLabel('What is 6 + 2?').fill(answer);
}

export async function continueToStep(page: Page, heading: string | RegExp) {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
}

export async function chooseFirstStartDate(page: Page) {
  await page.getByRole('combobox', { name: 'Start Date' }).click();
  await page.getByRole('option').first().click();
  await expect(page.getByLabel('Your course dates')).toContainText('Graduation');
}

/** Step 4: the card and, unless `acceptTerms: false`, the terms of sale / right-to-cancel box ticked. */
export async function enterCard(
  page: Page,
  card: { number?: string; expiry?: string; cvv?: string; postcode?: string; acceptTerms?: boolean } = {},
) {
  await page.getByLabel('Card number').fill(card.number ?? '4111 1111 1111 1111');
  await page.getByLabel('Expiry (MM/YY)').fill(card.expiry ?? '12/30');
  await page.getByLabel('CVV').fill(card.cvv ?? '123');
  await page.getByLabel('Postcode').fill(card.postcode ?? 'SW1A 1AA');
  if (card.acceptTerms !== false) await termsBox(page).check();
}

/** Step 4's one box: agree to the terms of sale and ask for access now, losing the 14-day right to cancel. */
export const termsBox = (page: Page) => page.getByRole('checkbox', { name: /I agree to the Terms of Sale/ });
