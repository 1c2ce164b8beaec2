/**
 * The privacy policy and terms of sale. Kept beside the legal pages rather than in content.ts so
 * the landing page does not download them; the business terms and links they quote come from there.
 */
import { formatLongDate } from '@shared/schedule';
import { TERMS_OF_SALE } from '@shared/terms';
import { businessTerms, site } from '@client/content';

export interface PolicySection {
  heading: string;
  paragraphs: readonly string[];
}

const lastUpdated = '1 November 2026';

export const privacyPolicy = {
  meta: {
    title: 'Privacy Policy | Video Book Review Specialist',
    description:
      'What personal data we collect when you enroll, why we keep it, and your rights under UK data protection law.',
  },
  heading: 'Privacy Policy',
  lastUpdated,
  sections: [
    {
      heading: 'What we collect',
      paragraphs: [
        'When you enroll we collect your name, email address, optional phone number and any referral code you enter. When you verify your identity we keep the photo ID document you upload. Card details go directly to our card payment provider; we never see or store your card number.',
        'When you use the contact form we keep your name, email address and message so that we can reply.',
      ],
    },
    {
      heading: 'Why we use it',
      paragraphs: [
        'To give you access to your course, track your progress, verify your identity before course materials are released, issue your certificate and answer your questions.',
        'The recent sign-up notices on our home page show only your first name, the initial of your surname, your location and the course you chose.',
        'If you register and stop before paying, or pay the enrollment fee without choosing a course, we send you one reminder, and we may send students occasional news about the course. Tick "Don\'t email me reminders or news" when you register to get neither; every such email also has an unsubscribe link that works with one click. Receipts, sign-in codes and emails about the course you bought are part of the service and always come.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Your account is kept for as long as you have access to the course (access is for life) unless you ask us to delete it. Payment records are kept as our accounting obligations require, without your personal details once your account is deleted. The periods in force:',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'From your student dashboard you can download a copy of everything we hold about you ("Download my data") and ask for your account to be deleted ("Delete my account"); we email you when it has been done, or why it cannot be done yet (for example while a payment is in dispute).',
        `You may also ask for a copy of your data, its correction or its deletion by emailing ${site.supportEmail}. We reply ${businessTerms.responseTime}, ${businessTerms.supportHours}.`,
      ],
    },
  ] satisfies PolicySection[],
} as const;

export const termsOfSale = {
  meta: {
    title: 'Terms of Sale | Video Book Review Specialist',
    description:
      'Prices, payment, access, refunds and course terms for the Video Book Review Specialist certification programme.',
  },
  heading: 'Terms of Sale',
  /** The version each card payment records when the student agrees at checkout (src/shared/terms.ts). */
  version: TERMS_OF_SALE.version,
  lastUpdated: formatLongDate(TERMS_OF_SALE.effectiveDate),
  sections: [
    {
      heading: 'Prices and payment',
      paragraphs: [
        // The catalogue's prices in force (PolicyPage fills the placeholders).
        'A new student pays {foundation_total} for the {foundation_title} ({foundation_modules} modules) and {pro_total} for the {pro_title} ({pro_modules} modules). Both prices include the {fee} enrollment fee, which every student pays once.',
        'You may also pay the enrollment fee on its own ({fee}) and choose a course later; the course alone then costs {foundation_price} (Foundation) or {pro_price} (Pro). Prices are in pounds sterling and are paid by card in one payment per purchase. The price you pay is the one shown at checkout when you pay.',
      ],
    },
    {
      heading: 'Eligibility',
      paragraphs: [`You must be ${businessTerms.minimumAge} or over to buy a course. Under-18s are excluded.`],
    },
    {
      heading: 'Courses and access',
      paragraphs: [
        `Courses start ${businessTerms.courseStarts} and run for ${businessTerms.courseLength} at ${businessTerms.weeklyHours}. Access to your course materials is for life. A photo ID must be approved before course materials are released.`,
        `Recordings of live sessions are provided within ${businessTerms.recordingsWithin}. Certificates are emailed within ${businessTerms.certificateWithin} of activation.`,
      ],
    },
    {
      heading: 'Your right to cancel',
      paragraphs: [
        'Under the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013, you normally have 14 days from your purchase to cancel a contract for digital content or services bought online.',
        'Your purchase gives you access to digital content (your student dashboard and the course materials) as soon as you have paid. Before you pay, we ask you to tick a box to agree to these terms, to ask expressly for your access to start straight away, and to acknowledge that you then lose your 14-day right to cancel once access starts. We do not take a payment without it.',
        'If you do not want to give up the right to cancel, do not pay: contact us first and we will answer your questions about the course.',
      ],
    },
    {
      heading: 'Refunds and disputes',
      paragraphs: [
        'Because you asked for access to start straight away and acknowledged that you then lose the right to cancel, we do not give refunds for a change of mind. This does not affect your legal rights if the course is faulty, not as described or not supplied (Consumer Rights Act 2015).',
        `Billing disputes are accepted within ${businessTerms.billingDisputeDays} days of the payment. Contact ${site.supportEmail}.`,
      ],
    },
    {
      heading: 'Changes to courses',
      paragraphs: [
        `We give ${businessTerms.discontinuationNoticeDays} days' notice before discontinuing a course. Asset Delivery in the Pro Course is subject to these terms.`,
      ],
    },
  ] satisfies PolicySection[],
} as const;
