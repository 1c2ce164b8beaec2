import { Section, Text } from '@react-email/components';
import { messages } from '@shared/messages';
import type { EmailData } from '../message-types';
import { colours, EmailLayout, paragraph, PlainTextParagraphs } from './layout';

type Data = EmailData['contact-reply'];

export const subject = (data: Data) => messages.email.contactReplySubject(data.originalSubject);

const quoted = { ...paragraph, color: colours.muted, margin: '0 0 8px' };

/**
 * An admin's answer to a contact message, quoting it. Unlike the acknowledgement (contact-received),
 * a person read the message and chose to answer this address, so its text may go back to it.
 */
export function ContactReplyEmail({ data }: { data: Data }) {
  return (
    <EmailLayout preview={data.body.slice(0, 140)} title={subject(data)} footer={messages.email.contactReplyFooter}>
      <Text style={paragraph}>{messages.email.greeting(data.name)}</Text>
      <PlainTextParagraphs text={data.body} />
      <Section style={{ borderLeft: `3px solid ${colours.brandLight}`, paddingLeft: '12px', margin: '8px 0 16px' }}>
        <Text style={quoted}>{messages.email.contactReplyQuote}</Text>
        <PlainTextParagraphs text={data.originalMessage} style={quoted} />
      </Section>
    </EmailLayout>
  );
}
