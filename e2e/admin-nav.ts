/** Opening an admin tab the way an admin does: its section in the section bar, then the tab. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Each tab's section (src/client/features/admin/routes/admin-dashboard-page.tsx). */
const SECTION_OF: Record<string, 'Students' | 'Money' | 'Course' | 'School'> = {
  'Student Management': 'Students',
  'Course Progress': 'Students',
  'ID Verification': 'Students',
  Assessments: 'Students',
  Certificates: 'Students',
  Messages: 'Students',
  Broadcasts: 'Students',
  Payments: 'Money',
  'Promo Codes': 'Money',
  'Referral Codes': 'Money',
  Funnel: 'Money',
  Catalogue: 'Course',
  Cohorts: 'Course',
  Settings: 'School',
  'Site Content': 'School',
  Admins: 'School',
  Security: 'School',
  Activity: 'School',
  Emails: 'School',
  'Erasure Requests': 'School',
};

export function adminSectionNav(page: Page) {
  return page.getByRole('navigation', { name: 'Admin sections' });
}

/** Opens the tab called `name` (its exact label) and returns its panel. */
export async function openAdminTab(page: Page, name: string) {
  const section = SECTION_OF[name];
  if (!section) throw new Error(`No admin tab called ${name}`);
  await adminSectionNav(page).getByRole('link', { name: section, exact: true }).click();
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name, exact: true });
}
