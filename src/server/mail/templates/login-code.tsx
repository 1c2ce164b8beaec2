import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import type { EmailData } from '../message-types';
import { colours, EmailLayout, paragraph } from './layout';

type Data = EmailData['login-code'];

export const subject = (data: Data) => messages.email.loginCodeSubject(data.code);

export function LoginCodeEmail({ data }: { data: Data }) {
  return (
    <EmailLayout preview={messages.email.loginCodeIntro} title={subject(data)}>
      <Text style={paragraph}>{messages.email.greeting(data.firstName)}</Text>
      <Text style={paragraph}>{messages.email.loginCodeIntro}</Text>
      <Text
        style={{
          fontSize: '32px',
          letterSpacing: '8px',
          fontWeight: 700,
          color: colours.brandDark,
          textAlign: 'center',
          margin: '0 0 16px',
        }}
      >
        {data.code}
      </Text>
      <Text style={paragraph}>{messages.email.loginCodeValidity(data.validMinutes)}</Text>
    </EmailLayout>
  );
}
