/**
 * The public site's words, links and media in one typed module an owner can edit without touching
 * components: landing page, support page and policies (docs/product/public-pages.md); the recent
 * sign-up widget's are in content-signup-widget.ts. Prices, modules and stages come from the
 * catalogue, never from here.
 *
 * Media: every source below may be an https:// URL or a file in public/. The hero video falls back
 * to its poster when it cannot load; testimonial players load only when a visitor clicks one.
 */
import {
  allInPricePence,
  COURSES,
  ENROLMENT_FEE_PENCE,
  FOUNDATION_MODULES,
  PRO_EXTRA_MODULES,
} from '@shared/catalogue';
import { paths } from '@shared/routes';
import { formatPence } from '@shared/money';
import { BUILT_IN_CONTACT } from '@shared/site-settings';

export interface Link {
  label: string;
  href: string;
}

export const site = {
  name: 'Video Book Review Specialist',
  title: 'Enrolment Registration',
  /**
   * The prerendered defaults: an owner changes the support email and hours and the community link in
   * the admin area's Settings, and the support page shows the saved ones once it loads.
   */
  supportEmail: BUILT_IN_CONTACT.supportEmail,
  /** The private community group on a social network. */
  communityUrl: BUILT_IN_CONTACT.communityUrl,
  /** 'Learn More' in the hero: the programme's external information site. */
  learnMoreUrl: 'https://www.videobookreviewspecialist.com',
  /** 'Order Video Book Review' in the footer. */
  orderReviewUrl: 'https://www.videobookreviewspecialist.com/order',
  socialLinks: [
    { label: 'Facebook', href: 'https://www.facebook.com/videobookreviewspecialist' },
    { label: 'Instagram', href: 'https://www.instagram.com/videobookreviewspecialist' },
    { label: 'YouTube', href: 'https://www.youtube.com/@videobookreviewspecialist' },
    { label: 'TikTok', href: 'https://www.tiktok.com/@videobookreviewspecialist' },
  ] satisfies Link[],
} as const;

/** What the landing page claims. */
export const claims = {
  certifiedSpecialists: '500+',
  studentRating: '4.9/5',
  earningsPerReview: '£75 to £500+',
  badges: ['CPD Accredited', 'Your Dashboard at Once', 'Lifetime Access', 'Industry Certification'],
} as const;

/** Business terms quoted by the FAQ, support page and policies. */
export const businessTerms = {
  supportHours: BUILT_IN_CONTACT.supportHours,
  responseTime: 'within 24 hours',
  courseStarts: 'every two months',
  courseLength: '6 weeks',
  weeklyHours: 'about 5 to 8 hours per week',
  recordingsWithin: '24 hours',
  certificateWithin: '48 hours',
  billingDisputeDays: 30,
  discontinuationNoticeDays: 90,
  minimumAge: 18,
} as const;

export const landing = {
  meta: {
    title: 'Video Book Review Specialist Certification | Enrolment Registration',
    description: `Become a CPD-accredited video book review specialist: join 500+ certified specialists, learn AI-assisted review creation and earn £75 to £500+ per review. Courses from ${formatPence(allInPricePence('foundation'))}, enrollment fee included.`,
  },
  nav: [
    { label: 'Overview', href: '#overview' },
    { label: 'Pricing', href: '#pricing' },
    { label: 'Testimonials', href: '#testimonials' },
  ] satisfies Link[],
  hero: {
    heading: 'Become a Certified Video Book Review Specialist',
    intro: `Turn your love of books into paid work. Learn to create professional video book reviews with AI tools and earn ${claims.earningsPerReview} per review, with an industry certification to prove it.`,
    /** A muted looping clip. Set `src` to '' to show the poster only. */
    video: { src: '/media/hero-loop.webm', type: 'video/webm', poster: '/media/hero-poster.svg' },
    primaryCta: { label: 'Start Your Journey', href: paths.enrol },
    secondaryCta: { label: 'Learn More', href: site.learnMoreUrl },
  },
  stats: [
    { value: claims.certifiedSpecialists, label: 'Certified specialists' },
    { value: claims.studentRating, label: 'Student rating' },
    { value: claims.earningsPerReview, label: 'Earnings per review' },
  ],
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
        title: `Earn ${claims.earningsPerReview} per Review`,
        text: 'Learn how authors and publishers buy video reviews, how to price your work and how to find clients.',
      },
    ],
  },
  pricing: {
    heading: 'Choose Your Path',
    intro: `Course prices are what you pay in total, the ${formatPence(ENROLMENT_FEE_PENCE)} enrollment fee included, in one payment. Or pay the enrollment fee now and choose your course later.`,
    enrollment: {
      name: 'Enrollment Fee',
      pricePence: ENROLMENT_FEE_PENCE,
      blurb: 'Your place on the programme and the starter resources.',
      includes: [
        'Introduction materials',
        'Industry report',
        'Side hustles guide',
        'Business development resources',
        'Bonus ebook-selling report',
      ],
    },
    foundation: {
      name: COURSES.foundation.title,
      course: 'foundation',
      pricePence: allInPricePence('foundation'),
      blurb: `${COURSES.foundation.moduleCount} modules: everything you need to start reviewing and get paid.`,
      includes: [...FOUNDATION_MODULES],
    },
    pro: {
      name: COURSES.pro.title,
      course: 'pro',
      pricePence: allInPricePence('pro'),
      blurb: `${COURSES.pro.moduleCount} modules: Foundation plus ${PRO_EXTRA_MODULES.length} advanced modules to build a business.`,
      includes: [
        'Everything in Foundation',
        `${PRO_EXTRA_MODULES.length} advanced modules`,
        '6 video testimonials',
        'Licensing opportunities',
      ],
      highlight: 'Most Popular',
    },
    buttonLabel: 'Enroll Now',
  },
  modules: {
    heading: "What You'll Master",
    foundationHeading: `Foundation Course (${COURSES.foundation.moduleCount} modules)`,
    proHeading: `Pro Course adds ${PRO_EXTRA_MODULES.length} advanced modules (${COURSES.pro.moduleCount} in total)`,
    foundation: [...FOUNDATION_MODULES],
    pro: [...PRO_EXTRA_MODULES],
    assetDeliveryNote:
      'Asset Delivery: a landing page with testimonials and a registration page with a back-office admin login (terms apply).',
  },
  testimonials: {
    heading: 'Success Stories',
    intro: 'Hear from specialists who completed the programme.',
    /**
     * Facades: a poster and a play button; the player loads only on click (youtube-nocookie).
     * Owner: replace these YouTube ids with the programme's own testimonial videos.
     */
    videos: [
      {
        name: 'Sarah M.',
        caption: 'From book lover to paid reviewer',
        youtubeId: 'M7lc1UVf-VE',
        poster: '/media/testimonial-1.svg',
      },
      {
        name: 'James T.',
        caption: 'My first client in two weeks',
        youtubeId: 'aqz-KE-bpKQ',
        poster: '/media/testimonial-2.svg',
      },
      {
        name: 'Priya K.',
        caption: 'Reviewing alongside my day job',
        youtubeId: 'ScMzIvxBSi4',
        poster: '/media/testimonial-3.svg',
      },
      {
        name: 'David R.',
        caption: 'Why I chose the Pro course',
        youtubeId: 'LXb3EKWsInQ',
        poster: '/media/testimonial-4.svg',
      },
      {
        name: 'Emma W.',
        caption: 'Working with indie authors',
        youtubeId: 'jNQXAC9IVRw',
        poster: '/media/testimonial-5.svg',
      },
      {
        name: 'Michael B.',
        caption: 'Building a review channel',
        youtubeId: 'ysz5S6PUM-U',
        poster: '/media/testimonial-6.svg',
      },
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
  closingCta: {
    heading: 'Ready to start?',
    text: `Join ${claims.certifiedSpecialists} certified specialists rated ${claims.studentRating} by their fellow students.`,
    label: `Enroll Now - Courses from ${formatPence(allInPricePence('foundation'))}, fee included`,
    href: paths.enrol,
  },
} as const;

/** The shell of the task pages (wizard, success, student and admin areas): components/layout/brand-shell.tsx. */
export const brandShell = {
  securePayment: 'Secure payment processed by Square',
  /** What phones show of it (the whole sentence is read out). */
  securePaymentShort: 'Secure',
  /** The header's links on every page (the page a link leads to leaves it out). */
  enrolLink: 'Enroll Now',
  signInLink: 'Sign in',
  /** Instead of Sign in while a student session is kept on this device. */
  dashboardLink: 'My dashboard',
  headerNavLabel: 'Site',
  footerLabel: 'Help and policies',
  footerLinks: [
    { label: 'Support', href: paths.support },
    { label: 'Privacy', href: paths.privacy },
    { label: 'Terms', href: paths.terms },
  ],
  skipLink: 'Skip to main content',
} as const;

export const footer = {
  tagline: 'CPD-accredited online certification for video book review specialists.',
  groups: [
    {
      heading: 'Students',
      links: [
        { label: 'Student Dashboard', href: paths.studentLogin },
        { label: 'Student Login', href: paths.studentLogin },
        { label: 'Student Support', href: paths.support },
      ],
    },
    {
      heading: 'Company',
      links: [
        { label: 'Contact Support', href: paths.support },
        { label: 'Privacy Policy', href: paths.privacy },
        { label: 'Terms of Sale', href: paths.terms },
        { label: 'Admin Login', href: paths.adminLogin },
      ],
    },
    {
      heading: 'Services',
      links: [{ label: 'Order Video Book Review', href: site.orderReviewUrl }, ...site.socialLinks],
    },
  ] satisfies Array<{ heading: string; links: Link[] }>,
} as const;

// ---------------------------------------------------------------------------------------------
// Support page and FAQ (docs/product/public-pages.md).

/**
 * How a student signs in, in the words of the running mode (STUDENT_LOGIN: `code`, the default, or
 * `email`): the FAQ and the wizard's last step add the mode's sentence once the page knows it
 * (GET /api/public-config); before that, and in the prerendered page, only what is true in both.
 */
export const studentSignIn = {
  faq: {
    both: 'Go to Student Login and enter the email you enrolled with.',
    code: 'We email you a 6-digit sign-in code to type in: there is no password to remember.',
    email: 'That signs you in straight away: there is no password to remember.',
  },
  nextStep: {
    both: 'Sign in to your student dashboard with your email address',
    code: 'and the 6-digit code we email you.',
    email: 'alone: there is no password.',
  },
} as const;

export interface FaqCategory {
  id: string;
  title: string;
  /** `signIn`: the answer is the sign-in explanation of the running mode (studentSignIn). */
  items: ReadonlyArray<{ question: string; answer: string; signIn?: true }>;
}

export const support = {
  meta: {
    title: 'Student Support & FAQ | Video Book Review Specialist',
    description: `Answers about courses, enrollment, payments and certification, and a contact form. We reply ${businessTerms.responseTime}, ${businessTerms.supportHours}.`,
  },
  heading: 'How can we help?',
  intro: `Find answers below or send us a message: we reply ${businessTerms.responseTime}.`,
  channels: {
    email: { title: 'Email us', text: site.supportEmail, href: `mailto:${site.supportEmail}` },
    /** Offered only while the owner's setting `live_chat_url` is set (support-hero.tsx). */
    liveChat: { title: 'Live chat', text: 'Chat with us', newTab: '(opens in a new tab)' },
    community: { title: 'Community group', text: 'Join fellow students in our private group', href: site.communityUrl },
  },
  businessHours: [
    { days: 'Monday to Friday', hours: '9 AM to 5 PM GMT' },
    { days: 'Saturday and Sunday', hours: 'Closed (messages answered on Monday)' },
  ],
  certificatePreview: {
    heading: 'Your certificate',
    text: 'Complete every stage of your course to request a CPD-accredited certificate, verifiable online with its certificate ID.',
    linkLabel: 'See a sample certificate',
  },
  resources: [
    { label: 'Privacy Policy', href: paths.privacy },
    { label: 'Terms of Sale', href: paths.terms },
    { label: 'Enroll now', href: paths.enrol },
    { label: 'Admin Login', href: paths.adminLogin },
  ] satisfies Link[],
  faq: [
    {
      id: 'course',
      title: 'Course Information',
      items: [
        {
          question: 'How long does a course take?',
          answer: `A course runs for ${businessTerms.courseLength} at ${businessTerms.weeklyHours}. Courses start ${businessTerms.courseStarts}.`,
        },
        {
          question: 'What is the difference between Foundation and Pro?',
          answer: `Foundation has ${COURSES.foundation.moduleCount} modules (${formatPence(allInPricePence('foundation'))} in total). Pro has ${COURSES.pro.moduleCount}: everything in Foundation plus ${PRO_EXTRA_MODULES.length} advanced modules (${formatPence(allInPricePence('pro'))} in total). Both totals include the ${formatPence(ENROLMENT_FEE_PENCE)} enrollment fee; if you have already paid it, the course alone is ${formatPence(COURSES.foundation.pricePence)} or ${formatPence(COURSES.pro.pricePence)}.`,
        },
        {
          question: 'Are live sessions recorded?',
          answer: `Yes. Recordings of live sessions are made available within ${businessTerms.recordingsWithin}.`,
        },
        {
          question: 'How long can I access the materials?',
          answer: 'For life: your access never expires, including future updates to your course.',
        },
      ],
    },
    {
      id: 'enrollment',
      title: 'Enrollment & Payments',
      items: [
        {
          question: 'How do I enroll?',
          answer: `Choose a course on this page and pay for it with the enrollment fee in one payment (the Complete Package: ${formatPence(allInPricePence('foundation'))} for Foundation, ${formatPence(allInPricePence('pro'))} for Pro). Or pay the ${formatPence(ENROLMENT_FEE_PENCE)} enrollment fee first and choose your course later.`,
        },
        {
          question: 'Which payment methods do you accept?',
          answer:
            'All major debit and credit cards, processed securely by our card payment provider. We never store your card details.',
        },
        {
          question: 'Can I get a refund?',
          answer: `When you pay, you ask for access to start straight away and confirm that you then lose the 14-day right to cancel, so we do not refund a change of mind. Your rights if the course is faulty or not as described are not affected. Billing disputes are accepted within ${businessTerms.billingDisputeDays} days.`,
        },
        {
          question: 'Is there an age limit?',
          answer: `You must be ${businessTerms.minimumAge} or over to enroll.`,
        },
      ],
    },
    {
      id: 'technical',
      title: 'Technical Support',
      items: [
        {
          question: 'How do I log in to my dashboard?',
          answer: studentSignIn.faq.both,
          signIn: true,
        },
        {
          question: 'Why are my course stages locked?',
          answer:
            'Stage tracking unlocks once your photo ID (driving licence, passport or government ID) has been approved.',
        },
        {
          question: 'Which ID files can I upload?',
          answer: 'A JPG, PNG or PDF file of up to 10 MB.',
        },
      ],
    },
    {
      id: 'certification',
      title: 'Certification',
      items: [
        {
          question: 'When do I receive my certificate?',
          answer: `Request it from your dashboard once every stage is complete. After activation it is emailed within ${businessTerms.certificateWithin} and can be downloaded from your dashboard.`,
        },
        {
          question: 'Is the certificate accredited?',
          answer:
            'Yes. It is CPD accredited and shows our CPD provider number and a certificate ID anyone can verify online.',
        },
      ],
    },
  ] satisfies FaqCategory[],
  form: {
    heading: 'Send us a message',
    submit: 'Send Message',
  },
} as const;

export const notFound = {
  meta: {
    title: 'Page not found | Video Book Review Specialist',
    description: 'The page you asked for does not exist or has moved.',
  },
} as const;
