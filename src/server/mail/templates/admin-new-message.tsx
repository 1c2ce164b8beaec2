import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import { paths } from '@shared/routes';
import type { EmailData } from '../message-types';
import { ActionButton, EmailLayout, paragraph, type TemplateContext } from './layout';

type Data = EmailData['admin-new-message'];

export const subject = (data: Data) => messages.email.adminMessageSubject(data.fromName);

export function AdminNewMessageEmail({ data, site }: { data: Data; site: TemplateContext }) {
  const intro = messages.email.adminMessageIntro(data.fromName, data.category, data.subject);
  return (
    <EmailLayout preview={intro} title={subject(data)} footer={messages.email.adminFooter}>
      <Text style={paragraph}>{intro}</Text>
      <ActionButton href={`${site.siteUrl}${paths.adminTab('students', 'messages')}`}>
        {messages.email.adminButton}
      </ActionButton>
    </EmailLayout>
  );
}
