/** Renders an outbox message to its subject, HTML and plain text (React Email). */
import { render } from '@react-email/components';
import type { ReactElement } from 'react';
import type { EmailData, EmailMessage, EmailTemplate } from './message-types';
import * as adminDispute from './templates/admin-dispute';
import * as adminNewAssessment from './templates/admin-new-assessment';
import * as adminNewId from './templates/admin-new-id';
import * as assessmentOutcome from './templates/assessment-outcome';
import * as adminNewMessage from './templates/admin-new-message';
import * as broadcast from './templates/broadcast';
import * as certificateIssued from './templates/certificate-issued';
import * as certificateStatus from './templates/certificate-status';
import * as contactReceived from './templates/contact-received';
import * as contactReply from './templates/contact-reply';
import * as courseOpen from './templates/course-open';
import * as courseStarting from './templates/course-starting';
import * as erasureCompleted from './templates/erasure-completed';
import * as erasureRefused from './templates/erasure-refused';
import * as idApproved from './templates/id-approved';
import * as idRejected from './templates/id-rejected';
import type { TemplateContext } from './templates/layout';
import * as loginCode from './templates/login-code';
import * as paymentReceipt from './templates/payment-receipt';
import * as reminders from './templates/reminders';
import * as waitlistPlace from './templates/waitlist-place';

export type { TemplateContext };

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

type Builders = {
  [T in EmailTemplate]: (data: EmailData[T], site: TemplateContext) => { subject: string; element: ReactElement };
};

const builders: Builders = {
  'login-code': (data) => ({ subject: loginCode.subject(data), element: <loginCode.LoginCodeEmail data={data} /> }),
  'payment-receipt': (data, site) => ({
    subject: paymentReceipt.subject(data),
    element: <paymentReceipt.PaymentReceiptEmail data={data} site={site} />,
  }),
  'id-approved': (data, site) => ({
    subject: idApproved.subject(),
    element: <idApproved.IdApprovedEmail data={data} site={site} />,
  }),
  'id-rejected': (data, site) => ({
    subject: idRejected.subject(),
    element: <idRejected.IdRejectedEmail data={data} site={site} />,
  }),
  'certificate-issued': (data, site) => ({
    subject: certificateIssued.subject(),
    element: <certificateIssued.CertificateIssuedEmail data={data} site={site} />,
  }),
  'contact-received': (data) => ({
    subject: contactReceived.subject(),
    element: <contactReceived.ContactReceivedEmail data={data} />,
  }),
  'admin-new-message': (data, site) => ({
    subject: adminNewMessage.subject(data),
    element: <adminNewMessage.AdminNewMessageEmail data={data} site={site} />,
  }),
  'admin-new-id': (data, site) => ({
    subject: adminNewId.subject(data),
    element: <adminNewId.AdminNewIdEmail data={data} site={site} />,
  }),
  'course-starting': (data, site) => ({
    subject: courseStarting.subject(data),
    element: <courseStarting.CourseStartingEmail data={data} site={site} />,
  }),
  'course-open': (data, site) => ({
    subject: courseOpen.subject(),
    element: <courseOpen.CourseOpenEmail data={data} site={site} />,
  }),
  'admin-dispute': (data, site) => ({
    subject: adminDispute.subject(data),
    element: <adminDispute.AdminDisputeEmail data={data} site={site} />,
  }),
  'erasure-completed': () => ({
    subject: erasureCompleted.subject(),
    element: <erasureCompleted.ErasureCompletedEmail />,
  }),
  'erasure-refused': (data, site) => ({
    subject: erasureRefused.subject(),
    element: <erasureRefused.ErasureRefusedEmail data={data} site={site} />,
  }),
  'waitlist-place': (data, site) => ({
    subject: waitlistPlace.subject(data),
    element: <waitlistPlace.WaitlistPlaceEmail data={data} site={site} />,
  }),
  'certificate-revoked': (data, site) => ({
    subject: certificateStatus.revokedSubject(),
    element: <certificateStatus.CertificateStatusEmail data={data} site={site} revoked />,
  }),
  'certificate-reinstated': (data, site) => ({
    subject: certificateStatus.reinstatedSubject(),
    element: <certificateStatus.CertificateStatusEmail data={data} site={site} revoked={false} />,
  }),
  'assessment-passed': (data, site) => ({
    subject: assessmentOutcome.passedSubject(),
    element: <assessmentOutcome.AssessmentOutcomeEmail data={data} site={site} passed />,
  }),
  'assessment-resubmit': (data, site) => ({
    subject: assessmentOutcome.resubmitSubject(),
    element: <assessmentOutcome.AssessmentOutcomeEmail data={data} site={site} passed={false} />,
  }),
  'admin-new-assessment': (data, site) => ({
    subject: adminNewAssessment.subject(data),
    element: <adminNewAssessment.AdminNewAssessmentEmail data={data} site={site} />,
  }),
  'enrolment-reminder': (data, site) => ({
    subject: reminders.enrolmentSubject(),
    element: <reminders.ReminderEmail data={data} site={site} course={false} />,
  }),
  'course-reminder': (data, site) => ({
    subject: reminders.courseSubject(),
    element: <reminders.ReminderEmail data={data} site={site} course />,
  }),
  broadcast: (data, site) => ({
    subject: broadcast.subject(data),
    element: <broadcast.BroadcastEmail data={data} site={site} />,
  }),
  'contact-reply': (data) => ({
    subject: contactReply.subject(data),
    element: <contactReply.ContactReplyEmail data={data} />,
  }),
};

/**
 * The plain-text part: table cells are laid out side by side in HTML, so in text a cell ends with a
 * space, and a label cell (`data-text-label`) with a colon ("Item: Enrollment Fee", not
 * "ItemEnrollment Fee").
 */
const cellEndingWith =
  (end: string) =>
  (element: { children: unknown }, walk: (nodes: unknown, builder: TextBuilder) => void, builder: TextBuilder) => {
    walk(element.children, builder);
    builder.addInline(end);
  };
interface TextBuilder {
  addInline: (text: string) => void;
}
const htmlToTextOptions = {
  formatters: { cell: cellEndingWith(' '), labelCell: cellEndingWith(': ') },
  selectors: [
    { selector: 'td', format: 'cell' },
    { selector: 'td[data-text-label]', format: 'labelCell' },
  ],
};

export async function renderEmail(
  message: Pick<EmailMessage, 'template' | 'data'>,
  site: TemplateContext,
): Promise<RenderedEmail> {
  const build = builders[message.template] as (
    data: unknown,
    site: TemplateContext,
  ) => ReturnType<Builders['login-code']>;
  const { subject, element } = build(message.data, site);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions })]);
  return { subject, html, text };
}
