import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import { EmailLayout, paragraph } from './layout';

export const subject = () => messages.email.erasureCompletedSubject;

/** Sent after the account is gone: it names nobody, as the name no longer exists anywhere. */
export function ErasureCompletedEmail() {
  return (
    <EmailLayout preview={messages.email.erasureCompletedIntro} title={subject()} footer={messages.email.erasureFooter}>
      <Text style={paragraph}>{messages.email.erasureCompletedGreeting}</Text>
      <Text style={paragraph}>{messages.email.erasureCompletedIntro}</Text>
      <Text style={paragraph}>{messages.email.erasureCompletedKept}</Text>
    </EmailLayout>
  );
}
