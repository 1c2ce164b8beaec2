import { Column, Row, Section, Text } from '@react-email/components';
import { formatPence } from '@shared/money';
import { messages } from '@shared/messages';
import { formatLongDate } from '@shared/schedule';
import type { EmailData } from '../message-types';
import { ActionButton, dashboardUrl, colours, EmailLayout, paragraph, type TemplateContext } from './layout';

type Data = EmailData['payment-receipt'];

export const subject = (data: Data) => messages.email.receiptSubject(data.kind);

function Line(props: { label: string; value: string }) {
  return (
    <Row>
      <Column data-text-label style={{ width: '45%', padding: '4px 0', color: colours.muted, fontSize: '14px' }}>
        {props.label}
      </Column>
      <Column style={{ padding: '4px 0', color: colours.text, fontSize: '14px', fontWeight: 600 }}>
        {props.value}
      </Column>
    </Row>
  );
}

export function PaymentReceiptEmail({ data, site }: { data: Data; site: TemplateContext }) {
  return (
    <EmailLayout preview={messages.email.receiptIntro(data.kind)} title={subject(data)}>
      <Text style={paragraph}>{messages.email.greeting(data.firstName)}</Text>
      <Text style={paragraph}>{messages.email.receiptIntro(data.kind)}</Text>
      <Section
        style={{ backgroundColor: colours.brandLight, borderRadius: '6px', padding: '12px 16px', margin: '0 0 16px' }}
      >
        <Line label={messages.email.receiptItem} value={data.description} />
        <Line
          label={messages.email.receiptAmount}
          value={data.kind === 'refund' ? `-${formatPence(data.amountPence)}` : formatPence(data.amountPence)}
        />
        <Line label={messages.email.receiptDate} value={formatLongDate(data.at)} />
        <Line label={messages.email.receiptReference} value={data.reference} />
        {data.invoiceNumber && <Line label={messages.email.receiptDocument(data.kind)} value={data.invoiceNumber} />}
      </Section>
      {data.invoiceNumber && (
        <Text style={paragraph}>{messages.email.receiptAttached(data.kind, data.invoiceNumber)}</Text>
      )}
      <Text style={paragraph}>{messages.email.receiptNext(data.kind)}</Text>
      <ActionButton href={dashboardUrl(site)}>{messages.email.dashboardButton}</ActionButton>
    </EmailLayout>
  );
}
