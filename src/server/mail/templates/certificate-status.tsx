import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import type { EmailData } from '../message-types';
import { ActionButton, dashboardUrl, EmailLayout, paragraph, type TemplateContext } from './layout';

type Data = EmailData['certificate-revoked'];

export const revokedSubject = () => messages.email.certificateRevokedSubject;
export const reinstatedSubject = () => messages.email.certificateReinstatedSubject;

/** The certificate was revoked or reinstated: one layout, two wordings. */
export function CertificateStatusEmail({
  data,
  site,
  revoked,
}: {
  data: Data;
  site: TemplateContext;
  revoked: boolean;
}) {
  const m = messages.email;
  const intro = revoked
    ? m.certificateRevokedIntro(data.certificateId)
    : m.certificateReinstatedIntro(data.certificateId);
  return (
    <EmailLayout preview={intro} title={revoked ? revokedSubject() : reinstatedSubject()}>
      <Text style={paragraph}>{m.greeting(data.firstName)}</Text>
      <Text style={paragraph}>{intro}</Text>
      {revoked && <Text style={paragraph}>{m.certificateRevokedNext}</Text>}
      <ActionButton href={dashboardUrl(site)}>{m.dashboardButton}</ActionButton>
    </EmailLayout>
  );
}
