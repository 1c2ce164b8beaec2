import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import type { EmailData } from '../message-types';
import { CourseHelp } from './course-parts';
import { ActionButton, dashboardUrl, EmailLayout, paragraph, type TemplateContext } from './layout';

type Data = EmailData['course-open'];

export const subject = () => messages.email.courseOpenSubject;

export function CourseOpenEmail({ data, site }: { data: Data; site: TemplateContext }) {
  const dashboard = dashboardUrl(site);
  return (
    <EmailLayout preview={messages.email.courseOpenIntro(data.courseTitle)} title={subject()}>
      <Text style={paragraph}>{messages.email.greeting(data.firstName)}</Text>
      <Text style={paragraph}>{messages.email.courseOpenIntro(data.courseTitle)}</Text>
      {!data.idApproved ? (
        <>
          <Text style={{ ...paragraph, fontWeight: 600 }}>{messages.email.courseOpenFinishId}</Text>
          <ActionButton href={dashboard}>{messages.email.courseOpenIdButton}</ActionButton>
        </>
      ) : data.courseAccessUrl ? (
        <ActionButton href={data.courseAccessUrl}>{messages.email.courseOpenLink}</ActionButton>
      ) : (
        <>
          <Text style={paragraph}>{messages.email.courseOpenNoLinkYet}</Text>
          <ActionButton href={dashboard}>{messages.email.dashboardButton}</ActionButton>
        </>
      )}
      <CourseHelp data={data} />
    </EmailLayout>
  );
}
