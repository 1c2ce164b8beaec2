import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import type { EmailData } from '../message-types';
import { EmailLayout, paragraph, PlainTextParagraphs, type TemplateContext } from './layout';

type Data = EmailData['broadcast'];

export const subject = (data: Data) => data.subject;

/** An owner's message to a segment of students: their plain text, as paragraphs, escaped. */
export function BroadcastEmail({ data, site }: { data: Data; site: TemplateContext }) {
  return (
    <EmailLayout
      preview={data.body.slice(0, 140)}
      title={data.subject}
      footer={messages.email.marketingFooter}
      unsubscribeUrl={site.unsubscribeUrl}
    >
      {data.firstName ? <Text style={paragraph}>{messages.email.greeting(data.firstName)}</Text> : null}
      <PlainTextParagraphs text={data.body} />
    </EmailLayout>
  );
}
