import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import { paths } from '@shared/routes';
import type { EmailData } from '../message-types';
import { ActionButton, EmailLayout, paragraph, type TemplateContext } from './layout';

type Data = EmailData['admin-new-id'];

export const subject = (data: Data) => messages.email.adminIdSubject(data.studentName);

export function AdminNewIdEmail({ data, site }: { data: Data; site: TemplateContext }) {
  return (
    <EmailLayout
      preview={messages.email.adminIdIntro(data.studentName)}
      title={subject(data)}
      footer={messages.email.adminFooter}
    >
      <Text style={paragraph}>{messages.email.adminIdIntro(data.studentName)}</Text>
      <ActionButton href={`${site.siteUrl}${paths.adminTab('students', 'id-verification')}`}>
        {messages.email.adminButton}
      </ActionButton>
    </EmailLayout>
  );
}
