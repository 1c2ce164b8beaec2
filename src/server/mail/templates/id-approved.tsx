import { Link, Text } from '@react-email/components';
import { messages } from '@shared/messages';
import type { EmailData } from '../message-types';
import { ActionButton, dashboardUrl, EmailLayout, paragraph, type TemplateContext } from './layout';

type Data = EmailData['id-approved'];

export const subject = () => messages.email.idApprovedSubject;

export function IdApprovedEmail({ data, site }: { data: Data; site: TemplateContext }) {
  return (
    <EmailLayout preview={messages.email.idApprovedIntro} title={subject()}>
      <Text style={paragraph}>{messages.email.greeting(data.firstName)}</Text>
      <Text style={paragraph}>{messages.email.idApprovedIntro}</Text>
      {data.courseAccessUrl ? (
        <Text style={paragraph}>
          <Link href={data.courseAccessUrl}>{messages.email.idApprovedCourseLink}</Link>
        </Text>
      ) : null}
      <ActionButton href={dashboardUrl(site)}>{messages.email.dashboardButton}</ActionButton>
    </EmailLayout>
  );
}
