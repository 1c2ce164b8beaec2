import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import type { EmailData } from '../message-types';
import { EmailLayout, paragraph } from './layout';

type Data = EmailData['contact-received'];

export const subject = () => messages.email.contactSubject;

/**
 * The acknowledgement goes to whatever address was typed in the form, so it quotes nothing typed
 * there but the name: a branded email must not carry a stranger's text to anyone.
 */
export function ContactReceivedEmail({ data }: { data: Data }) {
  return (
    <EmailLayout preview={messages.email.contactPromise} title={subject()} footer={messages.email.contactFooter}>
      <Text style={paragraph}>{messages.email.greeting(data.name)}</Text>
      <Text style={paragraph}>{messages.email.contactThanks}</Text>
      <Text style={paragraph}>{messages.email.contactPromise}</Text>
    </EmailLayout>
  );
}
