import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import { paths } from '@shared/routes';
import type { EmailData } from '../message-types';
import { ActionButton, EmailLayout, paragraph, type TemplateContext } from './layout';

type Data = EmailData['admin-new-assessment'];

export const subject = (data: Data) => messages.email.adminAssessmentSubject(data.studentName);

export function AdminNewAssessmentEmail({ data, site }: { data: Data; site: TemplateContext }) {
  return (
    <EmailLayout
      preview={messages.email.adminAssessmentIntro(data.studentName)}
      title={subject(data)}
      footer={messages.email.adminFooter}
    >
      <Text style={paragraph}>{messages.email.adminAssessmentIntro(data.studentName)}</Text>
      <ActionButton href={`${site.siteUrl}${paths.adminTab('students', 'assessments')}`}>
        {messages.email.adminButton}
      </ActionButton>
    </EmailLayout>
  );
}
