import { Text } from '@react-email/components';
import { messages } from '@shared/messages';
import type { EmailData } from '../message-types';
import { ActionButton, colours, dashboardUrl, EmailLayout, paragraph, type TemplateContext } from './layout';

type Data = EmailData['assessment-passed'];

export const passedSubject = () => messages.email.assessmentPassedSubject;
export const resubmitSubject = () => messages.email.assessmentResubmitSubject;

/** The final piece was assessed: passed, or to be submitted again; both carry the assessor's feedback. */
export function AssessmentOutcomeEmail({ data, site, passed }: { data: Data; site: TemplateContext; passed: boolean }) {
  const m = messages.email;
  const intro = passed ? m.assessmentPassedIntro : m.assessmentResubmitIntro;
  return (
    <EmailLayout preview={intro} title={passed ? passedSubject() : resubmitSubject()}>
      <Text style={paragraph}>{m.greeting(data.firstName)}</Text>
      <Text style={paragraph}>{intro}</Text>
      {data.feedback && (
        <>
          <Text style={paragraph}>{m.assessmentFeedback}</Text>
          <Text
            style={{ ...paragraph, borderLeft: `4px solid ${colours.brand}`, paddingLeft: '12px', fontStyle: 'italic' }}
          >
            {data.feedback}
          </Text>
        </>
      )}
      <ActionButton href={dashboardUrl(site)}>
        {passed ? m.assessmentPassedButton : m.assessmentResubmitButton}
      </ActionButton>
    </EmailLayout>
  );
}
