import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import { paths } from '@shared/routes';
import { formatLongDate } from '@shared/schedule';
import type { EmailData } from '../message-types';
import { ActionButton, EmailLayout, paragraph, type TemplateContext } from './layout';

type Data = EmailData['waitlist-place'];

const holdUntil = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

export const subject = (data: Data) => messages.email.waitlistPlaceSubject(formatLongDate(data.startDate));

export function WaitlistPlaceEmail({ data, site }: { data: Data; site: TemplateContext }) {
  const intro = messages.email.waitlistPlaceIntro(formatLongDate(data.startDate));
  return (
    <EmailLayout preview={intro} title={subject(data)} footer={messages.email.waitlistFooter}>
      <Text style={paragraph}>{messages.email.greeting(data.firstName)}</Text>
      <Text style={paragraph}>{intro}</Text>
      <Text style={paragraph}>{messages.email.waitlistPlaceHeld(holdUntil(data.holdUntil))}</Text>
      <ActionButton href={`${site.siteUrl}${paths.enrol}`}>{messages.email.waitlistPlaceButton}</ActionButton>
    </EmailLayout>
  );
}
