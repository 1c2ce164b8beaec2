import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import type { EmailData } from '../message-types';
import { ActionButton, colours, dashboardUrl, EmailLayout, paragraph, type TemplateContext } from './layout';

type Data = EmailData['erasure-refused'];

export const subject = () => messages.email.erasureRefusedSubject;

export function ErasureRefusedEmail({ data, site }: { data: Data; site: TemplateContext }) {
  return (
    <EmailLayout preview={messages.email.erasureRefusedIntro} title={subject()}>
      <Text style={paragraph}>{messages.email.greeting(data.firstName)}</Text>
      <Text style={paragraph}>{messages.email.erasureRefusedIntro}</Text>
      <Text
        style={{ ...paragraph, borderLeft: `4px solid ${colours.brand}`, paddingLeft: '12px', fontStyle: 'italic' }}
      >
        {data.reason}
      </Text>
      <Text style={paragraph}>{messages.email.erasureRefusedNext}</Text>
      <ActionButton href={dashboardUrl(site)}>{messages.email.dashboardButton}</ActionButton>
    </EmailLayout>
  );
}
