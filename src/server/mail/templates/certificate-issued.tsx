import { Link, Text } from '@react-email/components';
import { messages } from '@shared/messages';
import { paths } from '@shared/routes';
import type { EmailData } from '../message-types';
import { ActionButton, dashboardUrl, EmailLayout, paragraph, type TemplateContext } from './layout';

type Data = EmailData['certificate-issued'];

export const subject = () => messages.email.certificateSubject;

export const verifyUrl = (data: Data, site: TemplateContext) =>
  `${site.siteUrl}${paths.verifyCertificate(data.certificateId)}`;

export function CertificateIssuedEmail({ data, site }: { data: Data; site: TemplateContext }) {
  return (
    <EmailLayout preview={messages.email.certificateIntro} title={subject()}>
      <Text style={paragraph}>{messages.email.greeting(data.firstName)}</Text>
      <Text style={paragraph}>{messages.email.certificateIntro}</Text>
      <Text style={{ ...paragraph, fontWeight: 700 }}>{messages.email.certificateId(data.certificateId)}</Text>
      <Text style={paragraph}>
        {messages.email.certificateVerify} <Link href={verifyUrl(data, site)}>{verifyUrl(data, site)}</Link>
      </Text>
      <ActionButton href={dashboardUrl(site)}>{messages.email.dashboardButton}</ActionButton>
    </EmailLayout>
  );
}
