import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATES, type EmailData, type EmailTemplate } from './message-types';
import { renderEmail } from './render-email';

const site = { siteUrl: 'https://vbr.example' };

const courseData = {
  firstName: 'Ada',
  courseTitle: 'Foundation Course',
  startDate: '2027-03-01',
  idApproved: true,
  supportEmail: 'help@school.example',
  communityUrl: 'https://community.example/group',
};

/** Sample data for each template, and a line each rendering must show in HTML and plain text. */
const samples: { [T in EmailTemplate]: { data: EmailData[T]; subject: string; shows: string[]; text?: string[] } } = {
  'login-code': {
    data: { firstName: 'Ada', code: '482913', validMinutes: 10 },
    subject: '482913 is your sign-in code',
    shows: ['Hello Ada,', '482913', 'valid for 10 minutes'],
  },
  'payment-receipt': {
    data: {
      firstName: 'Ada',
      kind: 'payment',
      paymentId: 'd7a1c1de-0000-4000-8000-000000000001',
      reference: 'sq-payment-123',
      description: 'Enrollment Fee + Foundation Course',
      amountPence: 8499,
      at: '2027-01-05T10:00:00.000Z',
    },
    subject: 'Your payment receipt',
    shows: ['Enrollment Fee + Foundation Course', '£84.99', '5 January 2027', 'sq-payment-123', 'What happens next'],
    // The receipt's table, line by line in plain text (its cells once ran together: "ItemEnrollment Fee").
    text: ['Item: Enrollment Fee + Foundation Course', 'Amount: £84.99', 'Payment reference: sq-payment-123'],
  },
  'id-approved': {
    data: { firstName: 'Ada', courseAccessUrl: 'https://course.example/foundation' },
    subject: 'Your ID has been approved',
    shows: [
      'your ID document has been approved',
      'https://course.example/foundation',
      'https://vbr.example/student-login',
    ],
  },
  'id-rejected': {
    data: { firstName: 'Ada', reason: 'The photo is blurred' },
    subject: 'Your ID could not be verified',
    shows: ['The photo is blurred', 'Upload my ID again', 'https://vbr.example/student-login'],
  },
  'certificate-issued': {
    data: { firstName: 'Ada', certificateId: 'VBR-2027-ABC123' },
    subject: 'Your certificate has been issued',
    shows: ['VBR-2027-ABC123', 'https://vbr.example/verify/VBR-2027-ABC123', 'attached'],
  },
  'contact-received': {
    data: { name: 'Ada' },
    subject: 'We received your message',
    shows: ['Hello Ada,', 'Thank you for contacting', 'within 24 hours', 'given in the contact form'],
  },
  'admin-new-message': {
    data: { fromName: 'Ada Lovelace', subject: 'Course dates', category: 'course' },
    subject: 'New contact message from Ada Lovelace',
    shows: ['Ada Lovelace sent a message (course)', 'https://vbr.example/admin/dashboard'],
  },
  'admin-new-id': {
    data: { studentName: 'Ada Lovelace' },
    subject: 'New ID document from Ada Lovelace',
    shows: ['Ada Lovelace uploaded an ID document', 'https://vbr.example/admin/dashboard'],
  },
  'course-starting': {
    data: { ...courseData, idApproved: false },
    subject: 'Your course starts on 1 March 2027',
    shows: [
      'Foundation Course starts in a week, on 1 March 2027',
      'Your ID is not approved yet',
      'help@school.example',
    ],
  },
  'course-open': {
    data: { ...courseData, courseAccessUrl: 'https://course.example/foundation' },
    subject: 'Your course is open',
    shows: ['Foundation Course starts today', 'https://course.example/foundation', 'https://community.example/group'],
  },
  'admin-dispute': {
    data: {
      studentName: 'Ada Lovelace',
      description: 'Enrollment Fee + Pro Course',
      amountPence: 22499,
      state: 'EVIDENCE_REQUIRED',
      dueAt: '2027-03-04T00:00:00Z',
      reference: 'sq-payment-1',
    },
    subject: 'A payment from Ada Lovelace is disputed',
    shows: ['£224.99', 'EVIDENCE_REQUIRED', '4 March 2027', 'sq-payment-1', 'https://vbr.example/admin/dashboard'],
  },
  'erasure-completed': {
    data: {},
    subject: 'Your account has been erased',
    shows: ['your account and the personal data', 'payment records'],
  },
  'erasure-refused': {
    data: { firstName: 'Ada', reason: 'A payment of yours is in dispute.' },
    subject: 'Your erasure request was refused',
    shows: ['Hello Ada,', 'A payment of yours is in dispute.', 'ask again'],
  },
  'waitlist-place': {
    data: { firstName: 'Ada', startDate: '2027-03-01', holdUntil: '2027-01-10T12:00:00.000Z' },
    subject: 'A place is free in the course starting 1 March 2027',
    shows: ['Hello Ada,', 'first on the waiting list', '10 January 2027 at 12:00', 'Enrol now'],
  },
  'certificate-revoked': {
    data: { firstName: 'Ada', certificateId: 'VBR-ABCDEFGHJK' },
    subject: 'Your certificate has been revoked',
    shows: ['Hello Ada,', 'VBR-ABCDEFGHJK has been revoked', 'contact support'],
  },
  'certificate-reinstated': {
    data: { firstName: 'Ada', certificateId: 'VBR-ABCDEFGHJK' },
    subject: 'Your certificate is valid again',
    shows: ['Hello Ada,', 'VBR-ABCDEFGHJK has been reinstated'],
  },
  'assessment-passed': {
    data: { firstName: 'Ada', feedback: 'A confident, well-paced review.' },
    subject: 'Your final piece has passed',
    shows: ['Hello Ada,', 'passed', 'A confident, well-paced review.', 'Request my certificate'],
  },
  'assessment-resubmit': {
    data: { firstName: 'Ada', feedback: 'The audio drops out after a minute.' },
    subject: 'Your final piece needs another look',
    shows: ['Hello Ada,', 'submit it again', 'The audio drops out after a minute.', 'Submit my piece again'],
  },
  'admin-new-assessment': {
    data: { studentName: 'Ada Lovelace' },
    subject: 'New final piece from Ada Lovelace',
    shows: ['Ada Lovelace submitted their final piece', 'https://vbr.example/admin/dashboard'],
  },
  'enrolment-reminder': {
    data: { firstName: 'Ada' },
    subject: 'Your place is waiting: finish your enrolment',
    shows: ['Hello Ada,', 'did not get as far as paying', 'Finish my enrolment', 'https://vbr.example/student-login'],
  },
  'course-reminder': {
    data: { firstName: 'Ada' },
    subject: 'Choose your course',
    shows: ['Hello Ada,', 'choose your course and start date', 'Choose my course'],
  },
  broadcast: {
    data: { subject: 'Live Q&A on Friday', body: 'First paragraph.\n\nSecond one,\nwith a break.', firstName: 'Ada' },
    subject: 'Live Q&A on Friday',
    shows: ['Hello Ada,', 'First paragraph.', 'Second one,', 'with a break.', 'stop reminders and news'],
  },
  'contact-reply': {
    data: { name: 'Ada', body: 'The next course starts in March.', originalSubject: 'Dates', originalMessage: 'When?' },
    subject: 'Re: Dates',
    shows: ['Hello Ada,', 'The next course starts in March.', 'You wrote:', 'When?'],
  },
};

const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('email templates', () => {
  it.each(EMAIL_TEMPLATES)('renders %s as HTML and plain text with the site name and colours', async (template) => {
    const sample = samples[template];
    const rendered = await renderEmail({ template, data: sample.data } as never, site);
    expect(rendered.subject).toBe(sample.subject);
    expect(rendered.html).toMatch(/^<!DOCTYPE html/i);
    expect(rendered.html).toContain('Video Book Review Specialist');
    expect(rendered.html).toContain('#6d28d9');
    expect(rendered.html).toContain('name="viewport"');
    expect(rendered.text).toContain('Video Book Review Specialist');
    expect(rendered.text).not.toContain('<');
    for (const line of sample.shows) {
      expect(decode(rendered.html)).toContain(line);
      expect(rendered.text).toContain(line);
    }
    for (const line of sample.text ?? []) expect(rendered.text).toContain(line);
  });
});

describe('text typed by an admin', () => {
  it('is escaped, in paragraphs, and the unsubscribe link is in the footer of a broadcast', async () => {
    const rendered = await renderEmail(
      { template: 'broadcast', data: { subject: 'News', body: 'One <b>bold</b> & more\n\nTwo\r\n\r\nThree' } },
      { ...site, unsubscribeUrl: 'https://vbr.example/unsubscribe/tok' },
    );
    expect(rendered.html).not.toContain('<b>bold</b>');
    expect(rendered.html).toContain('One &lt;b&gt;bold&lt;/b&gt; &amp; more');
    expect(rendered.html.match(/<p[^>]*>(One|Two|Three)/g)).toHaveLength(3);
    expect(rendered.html).toContain('href="https://vbr.example/unsubscribe/tok"');
    expect(rendered.text).toContain('Unsubscribe');
  });

  it('offers no unsubscribe link without one, and a reply quotes the message escaped', async () => {
    const rendered = await renderEmail(
      {
        template: 'contact-reply',
        data: { name: 'Ada', body: 'Yes.', originalMessage: '<img src=x onerror=alert(1)>' },
      },
      site,
    );
    expect(rendered.subject).toBe('Re: your message to Video Book Review Specialist');
    expect(rendered.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(rendered.html).not.toContain('Unsubscribe');
  });
});
