/**
 * The site's words an owner edits in the admin area (Content): the landing page's copy and claims,
 * the testimonials, the FAQ by category and the support page's heading. Kept in the database (table
 * site_documents, `GET /api/content`, `GET/PUT /api/admin/content`); this module gives the shape,
 * the seed (a new database's content) and how a text's placeholders are filled.
 *
 * A text may name a price or count of the catalogue (`{pro_total}`, catalogue-text.ts) or one of the
 * claims (`{certified_specialists}`), so no sentence quotes a figure the site no longer holds.
 * Links, navigation, policies and the support channels stay in code (src/client/content.ts).
 */
import type { Catalogue } from './catalogue';
import { CATALOGUE_PLACEHOLDERS, catalogueValues } from './catalogue-text';

export interface SiteContent {
  hero: { heading: string; intro: string };
  claims: { certified_specialists: string; student_rating: string; earnings_per_review: string; badges: string[] };
  benefits: { heading: string; items: Array<{ title: string; text: string }> };
  pricing: {
    heading: string;
    intro: string;
    enrollment_blurb: string;
    enrollment_includes: string[];
    pro_includes: string[];
  };
  modules: { heading: string; note: string };
  testimonials: {
    heading: string;
    intro: string;
    /** Played from YouTube (privacy-enhanced) only when a visitor clicks one. */
    videos: Array<{ name: string; caption: string; youtube_id: string }>;
    written: Array<{ name: string; location: string; quote: string }>;
  };
  closing: { heading: string; text: string; button: string };
  faq: Array<{ title: string; entries: Array<{ question: string; answer: string }> }>;
  support: { heading: string; intro: string };
}

/** The claims' placeholders, beside the catalogue's (catalogue-text.ts). */
export const CLAIM_PLACEHOLDERS = {
  certified_specialists: 'the certified specialists claim',
  student_rating: 'the student rating claim',
  earnings_per_review: 'the earnings per review claim',
} as const;

/** Where a FAQ answer says how students sign in: the running sign-in mode's words (code or e-mail link). */
const SIGN_IN_PLACEHOLDER = 'sign_in';

export const CONTENT_PLACEHOLDERS: Record<string, string> = {
  ...CATALOGUE_PLACEHOLDERS,
  ...CLAIM_PLACEHOLDERS,
  [SIGN_IN_PLACEHOLDER]: 'how students sign in (the FAQ adds the running mode’s words)',
};

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** The placeholders `text` names that do not exist (a save naming one is refused). */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !(name in CONTENT_PLACEHOLDERS));
}

/**
 * `text` with its placeholders filled from the catalogue and the claims in force; `{sign_in}` becomes
 * `signIn` (what is true in every sign-in mode unless the caller knows the mode).
 */
export function fillText(
  text: string,
  catalogue: Catalogue,
  content: Pick<SiteContent, 'claims'>,
  signIn = '',
): string {
  const values: Record<string, string> = {
    ...catalogueValues(catalogue),
    certified_specialists: content.claims.certified_specialists,
    student_rating: content.claims.student_rating,
    earnings_per_review: content.claims.earnings_per_review,
    [SIGN_IN_PLACEHOLDER]: signIn,
  };
  return text.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole).trim();
}

export const DEFAULT_CONTENT: SiteContent = {
  hero: {
    heading: 'Become a Certified Video Book Review Specialist',
    intro:
      'Turn your love of books into paid work. Learn to create professional video book reviews with AI tools and earn {earnings_per_review} per review, with an industry certification to prove it.',
  },
  claims: {
    certified_specialists: '500+',
    student_rating: '4.9/5',
    earnings_per_review: '£75 to £500+',
    badges: ['CPD Accredited', 'Your Dashboard at Once', 'Lifetime Access', 'Industry Certification'],
  },
  benefits: {
    heading: 'Why Choose Our Program?',
    items: [
      {
        title: 'CPD Accredited Certification',
        text: 'Finish with an industry certification carrying a CPD provider number, verifiable online by your clients.',
      },
      {
        title: 'Your Dashboard at Once, Lifetime Access',
        text: 'Your student dashboard opens the moment you enroll; the course opens on the start date you choose. Keep every module, update and resource for life.',
      },
      {
        title: 'Earn {earnings_per_review} per Review',
        text: 'Learn how authors and publishers buy video reviews, how to price your work and how to find clients.',
      },
    ],
  },
  pricing: {
    heading: 'Choose Your Path',
    intro:
      'Course prices are what you pay in total, the {fee} enrollment fee included, in one payment. Or pay the enrollment fee now and choose your course later.',
    enrollment_blurb: 'Your place on the programme and the starter resources.',
    enrollment_includes: [
      'Introduction materials',
      'Industry report',
      'Side hustles guide',
      'Business development resources',
      'Bonus ebook-selling report',
    ],
    pro_includes: [
      'Everything in Foundation',
      '{pro_extra_modules} advanced modules',
      '6 video testimonials',
      'Licensing opportunities',
    ],
  },
  modules: {
    heading: "What You'll Master",
    note: 'Asset Delivery: a landing page with testimonials and a registration page with a back-office admin login (terms apply).',
  },
  testimonials: {
    heading: 'Success Stories',
    intro: 'Hear from specialists who completed the programme.',
    videos: [
      { name: 'Sarah M.', caption: 'From book lover to paid reviewer', youtube_id: 'M7lc1UVf-VE' },
      { name: 'James T.', caption: 'My first client in two weeks', youtube_id: 'aqz-KE-bpKQ' },
      { name: 'Priya K.', caption: 'Reviewing alongside my day job', youtube_id: 'ScMzIvxBSi4' },
      { name: 'David R.', caption: 'Why I chose the Pro course', youtube_id: 'LXb3EKWsInQ' },
      { name: 'Emma W.', caption: 'Working with indie authors', youtube_id: 'jNQXAC9IVRw' },
      { name: 'Michael B.', caption: 'Building a review channel', youtube_id: 'ysz5S6PUM-U' },
    ],
    written: [
      {
        name: 'Charlotte H.',
        location: 'Manchester',
        quote:
          'The AI review module changed everything. I now deliver three video reviews a week for independent authors.',
      },
      {
        name: 'Ahmed S.',
        location: 'Birmingham',
        quote: 'Clear, practical and well paced. The certificate helped me win my first publisher contract.',
      },
      {
        name: 'Laura P.',
        location: 'Glasgow',
        quote:
          'I took the Pro course for the funnels and client generation modules, and it paid for itself within a month.',
      },
    ],
  },
  closing: {
    heading: 'Ready to start?',
    text: 'Join {certified_specialists} certified specialists rated {student_rating} by their fellow students.',
    button: 'Enroll Now - Courses from {foundation_total}, fee included',
  },
  faq: [
    {
      title: 'Course Information',
      entries: [
        {
          question: 'How long does a course take?',
          answer: 'A course runs for 6 weeks at about 5 to 8 hours per week. Courses start every two months.',
        },
        {
          question: 'What is the difference between Foundation and Pro?',
          answer:
            'Foundation has {foundation_modules} modules ({foundation_total} in total). Pro has {pro_modules}: everything in Foundation plus {pro_extra_modules} advanced modules ({pro_total} in total). Both totals include the {fee} enrollment fee; if you have already paid it, the course alone is {foundation_price} or {pro_price}.',
        },
        {
          question: 'Are live sessions recorded?',
          answer: 'Yes. Recordings of live sessions are made available within 24 hours.',
        },
        {
          question: 'How long can I access the materials?',
          answer: 'For life: your access never expires, including future updates to your course.',
        },
      ],
    },
    {
      title: 'Enrollment & Payments',
      entries: [
        {
          question: 'How do I enroll?',
          answer:
            'Choose a course on this page and pay for it with the enrollment fee in one payment (the Complete Package: {foundation_total} for Foundation, {pro_total} for Pro). Or pay the {fee} enrollment fee first and choose your course later.',
        },
        {
          question: 'Which payment methods do you accept?',
          answer:
            'All major debit and credit cards, processed securely by our card payment provider. We never store your card details.',
        },
        {
          question: 'Can I get a refund?',
          answer:
            'When you pay, you ask for access to start straight away and confirm that you then lose the 14-day right to cancel, so we do not refund a change of mind. Your rights if the course is faulty or not as described are not affected. Billing disputes are accepted within 30 days.',
        },
        { question: 'Is there an age limit?', answer: 'You must be 18 or over to enroll.' },
      ],
    },
    {
      title: 'Technical Support',
      entries: [
        {
          question: 'How do I log in to my dashboard?',
          answer: 'Go to Student Login and enter the email you enrolled with. {sign_in}',
        },
        {
          question: 'Why are my course stages locked?',
          answer:
            'Stage tracking unlocks once your photo ID (driving licence, passport or government ID) has been approved.',
        },
        { question: 'Which ID files can I upload?', answer: 'A JPG, PNG or PDF file of up to 10 MB.' },
      ],
    },
    {
      title: 'Certification',
      entries: [
        {
          question: 'When do I receive my certificate?',
          answer:
            'Request it from your dashboard once every stage is complete. After activation it is emailed within 48 hours and can be downloaded from your dashboard.',
        },
        {
          question: 'Is the certificate accredited?',
          answer:
            'Yes. It is CPD accredited and shows our CPD provider number and a certificate ID anyone can verify online.',
        },
      ],
    },
  ],
  support: {
    heading: 'How can we help?',
    intro: 'Find answers below or send us a message: we reply within 24 hours.',
  },
};
