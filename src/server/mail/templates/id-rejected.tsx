import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import type { EmailData } from '../message-types';
import { ActionButton, dashboardUrl, colours, EmailLayout, paragraph, type TemplateContext } from './layout';

type Data = EmailData['id-rejected'];

export const subject = () => messages.email.idRejectedSubject;

export function IdRejectedEmail({ data, site }: { data: Data; site: TemplateContext }) {
  return (
    <EmailLayout preview={messages.email.idRejectedIntro} title={subject()}>
      <Text style={paragraph}>{messages.email.greeting(data.firstName)}</Text>
      <Text style={paragraph}>{messages.email.idRejectedIntro}</Text>
      <Text
        style={{ ...paragraph, borderLeft: `4px solid ${colours.brand}`, paddingLeft: '12px', fontStyle: 'italic' }}
      >
        {data.reason}
      </Text>
      <Text style={paragraph}>{messages.email.idRejectedNext}</Text>
      <ActionButton href={dashboardUrl(site)}>{messages.email.idRejectedButton}</ActionButton>
    </EmailLayout>
  );
}
