import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import type { EmailData } from '../message-types';
import { EmailLayout, paragraph } from './layout';

type Data = EmailData['contact-received'];

export const subject = () => messages.email.contactSubject;

export function ContactReceivedEmail({ data }: { data: Data }) {
  return (
    <EmailLayout preview={messages.email.contactPromise} title={subject()}>
      <Text style={paragraph}>{messages.email.greeting(data.name)}</Text>
      <Text style={paragraph}>{messages.email.contactIntro(data.subject)}</Text>
      <Text style={paragraph}>{messages.email.contactPromise}</Text>
    </EmailLayout>
  );
}
