import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import { formatLongDate } from '@shared/schedule';
import type { EmailData } from '../message-types';
import { CourseHelp } from './course-parts';
import { ActionButton, dashboardUrl, EmailLayout, paragraph, type TemplateContext } from './layout';

type Data = EmailData['course-starting'];

export const subject = (data: Data) => messages.email.courseStartingSubject(formatLongDate(data.startDate));

export function CourseStartingEmail({ data, site }: { data: Data; site: TemplateContext }) {
  const intro = messages.email.courseStartingIntro(data.courseTitle, formatLongDate(data.startDate));
  return (
    <EmailLayout preview={intro} title={subject(data)}>
      <Text style={paragraph}>{messages.email.greeting(data.firstName)}</Text>
      <Text style={paragraph}>{intro}</Text>
      <ul style={{ ...paragraph, paddingLeft: '20px' }}>
        {messages.email.courseStartingPrepare.map((line) => (
          <li key={line} style={{ marginBottom: '8px' }}>
            {line}
          </li>
        ))}
      </ul>
      {data.idApproved ? null : (
        <Text style={{ ...paragraph, fontWeight: 600 }}>{messages.email.courseStartingIdReminder}</Text>
      )}
      <ActionButton href={dashboardUrl(site)}>{messages.email.dashboardButton}</ActionButton>
      <CourseHelp data={data} />
    </EmailLayout>
  );
}
