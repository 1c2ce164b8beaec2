import { Column, Row, Section, Text } from '@react-email/components';
import { formatPence } from '@shared/money';
import { messages } from '@shared/messages';
import { paths } from '@shared/routes';
import { formatLongDate } from '@shared/schedule';
import type { EmailData } from '../message-types';
import { ActionButton, colours, EmailLayout, paragraph, type TemplateContext } from './layout';

type Data = EmailData['admin-dispute'];

export const subject = (data: Data) => messages.email.adminDisputeSubject(data.studentName);

function Line(props: { label: string; value: string }) {
  return (
    <Row>
      <Column style={{ width: '45%', padding: '4px 0', color: colours.muted, fontSize: '14px' }}>{props.label}</Column>
      <Column style={{ padding: '4px 0', color: colours.text, fontSize: '14px', fontWeight: 600 }}>
        {props.value}
      </Column>
    </Row>
  );
}

export function AdminDisputeEmail({ data, site }: { data: Data; site: TemplateContext }) {
  const e = messages.email;
  return (
    <EmailLayout preview={e.adminDisputeIntro} title={subject(data)} footer={e.adminFooter}>
      <Text style={paragraph}>{e.adminDisputeIntro}</Text>
      <Section
        style={{ backgroundColor: colours.brandLight, borderRadius: '6px', padding: '12px 16px', margin: '0 0 16px' }}
      >
        <Line label={e.receiptItem} value={data.description} />
        <Line label={e.receiptAmount} value={formatPence(data.amountPence)} />
        <Line label={e.adminDisputeState} value={data.state} />
        <Line label={e.adminDisputeDue} value={data.dueAt ? formatLongDate(data.dueAt) : e.adminDisputeNoDue} />
        <Line label={e.receiptReference} value={data.reference} />
      </Section>
      <ActionButton href={`${site.siteUrl}${paths.adminTab('money', 'payments')}`}>{e.adminButton}</ActionButton>
    </EmailLayout>
  );
}
