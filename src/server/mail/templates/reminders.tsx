import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import { LOGIN_LINK_VALID_MINUTES } from '@server/auth/login-links';
import type { EmailData } from '../message-types';
import { ActionButton, dashboardUrl, EmailLayout, paragraph, type TemplateContext } from './layout';

type Data = EmailData['enrolment-reminder'] | EmailData['course-reminder'];

export const enrolmentSubject = () => messages.email.enrolmentReminderSubject;
export const courseSubject = () => messages.email.courseReminderSubject;

/**
 * The two reminders (jobs/reminders.ts): a registration that has not paid, a fee-paid student with no
 * course. The button is a one-time sign-in link that lands on the wizard step where they stopped
 * (jobs/email-outbox.ts makes it when sending); without one, the sign-in page.
 */
export function ReminderEmail({ data, site, course }: { data: Data; site: TemplateContext; course: boolean }) {
  const intro = course ? messages.email.courseReminderIntro : messages.email.enrolmentReminderIntro;
  return (
    <EmailLayout
      preview={intro}
      title={course ? courseSubject() : enrolmentSubject()}
      footer={messages.email.marketingFooter}
      unsubscribeUrl={site.unsubscribeUrl}
    >
      <Text style={paragraph}>{messages.email.greeting(data.firstName)}</Text>
      <Text style={paragraph}>{intro}</Text>
      <ActionButton href={dashboardUrl(site)}>
        {course ? messages.email.courseReminderButton : messages.email.enrolmentReminderButton}
      </ActionButton>
      {site.dashboardUrl ? (
        <Text style={paragraph}>{messages.email.reminderLinkValidity(LOGIN_LINK_VALID_MINUTES)}</Text>
      ) : null}
    </EmailLayout>
  );
}
