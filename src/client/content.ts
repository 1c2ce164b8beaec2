/**
 * The public site's links, media, navigation and the words that are not the owner's to edit: the
 * page titles, the support channels, the policies' terms (docs/product/public-pages.md); the recent
 * sign-up widget's are in content-signup-widget.ts. The landing copy, claims, testimonials and FAQ
 * are the owner's (src/shared/site-content.ts, edited in the admin area); prices, modules and course
 * titles come from the catalogue. A text here may name their placeholders (`{foundation_total}`).
 *
 * Media: every source below may be an https:// URL or a file in public/. The hero video falls back
 * to its poster when it cannot load; testimonial players load only when a visitor clicks one.
 */
import { paths } from '@shared/routes';
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
    description:
      'Become a CPD-accredited video book review specialist: join {certified_specialists} certified specialists, learn AI-assisted review creation and earn {earnings_per_review} per review. Courses from {foundation_total}, enrollment fee included.',
  },
  nav: [
    { label: 'Overview', href: '#overview' },
    { label: 'Pricing', href: '#pricing' },
    { label: 'Testimonials', href: '#testimonials' },
  ] satisfies Link[],
  hero: {
    /** A muted looping clip. Set `src` to '' to show the poster only. */
    video: { src: '/media/hero-loop.webm', type: 'video/webm', poster: '/media/hero-poster.svg' },
    primaryCta: { label: 'Start Your Journey', href: paths.enrol },
    secondaryCta: { label: 'Learn More', href: site.learnMoreUrl },
  },
  pricing: {
    enrollmentName: 'Enrollment Fee',
    highlight: 'Most Popular',
    buttonLabel: 'Enroll Now',
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

export const support = {
  meta: {
    title: 'Student Support & FAQ | Video Book Review Specialist',
    description: `Answers about courses, enrollment, payments and certification, and a contact form. We reply ${businessTerms.responseTime}, ${businessTerms.supportHours}.`,
  },
  /** Until the owner's heading arrives (Content): the page's name. */
  heading: 'Student Support',
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
