/**
 * The recent sign-up widget's words and settings (docs/product/public-pages.md), for an owner to edit
 * like content.ts. A module of its own so it loads with the widget, after the landing page, rather
 * than in the page's first load.
 */
import type { SignupCourse } from '@shared/schemas/public';

export const signupWidget = {
  initialCount: 3,
  maxShown: 5,
  pollIntervalMs: 30_000,
  simulatedEveryMs: { min: 20_000, max: 50_000 },
  removeSimulatedAfterMs: 8_000,
  removeAddedAfterMs: 10_000,
  /** Simulated sign-ups are drawn from the sample list; an owner can switch them off here. */
  simulate: true,
  labels: {
    heading: 'Recent sign-ups',
    hide: 'Hide notifications',
    justNow: 'Just now',
    /** Before the course badge: "just enrolled in [Pro Course]". */
    joined: 'just enrolled in',
    /** A student who has paid the enrolment fee and not yet chosen a course. */
    joinedProgramme: 'just joined the programme',
  },
  /** Where "Hide notifications" is remembered (localStorage). */
  hiddenStorageKey: 'vbr.signupWidget.hidden',
} as const;

export interface SampleSignup {
  name: string;
  location: string;
  course: SignupCourse;
  time: string;
}

/** The 22 built-in entries: shown (3 of them) when the API fails or has nothing yet. */
export const fallbackSignups: readonly SampleSignup[] = [
  { name: 'Sarah M.', location: 'London', course: 'Pro', time: '2 minutes ago' },
  { name: 'James T.', location: 'Manchester', course: 'Foundation', time: '5 minutes ago' },
  { name: 'Emma W.', location: 'Birmingham', course: 'Pro', time: '8 minutes ago' },
  { name: 'Oliver P.', location: 'Leeds', course: 'Foundation', time: '12 minutes ago' },
  { name: 'Sophie L.', location: 'Glasgow', course: 'Pro', time: '15 minutes ago' },
  { name: 'Harry B.', location: 'Bristol', course: 'Foundation', time: '18 minutes ago' },
  { name: 'Amelia R.', location: 'Liverpool', course: 'Pro', time: '21 minutes ago' },
  { name: 'George K.', location: 'Edinburgh', course: 'Foundation', time: '25 minutes ago' },
  { name: 'Isla D.', location: 'Cardiff', course: 'Pro', time: '28 minutes ago' },
  { name: 'Jack H.', location: 'Sheffield', course: 'Foundation', time: '32 minutes ago' },
  { name: 'Mia C.', location: 'Newcastle', course: 'Pro', time: '35 minutes ago' },
  { name: 'Noah F.', location: 'Nottingham', course: 'Foundation', time: '39 minutes ago' },
  { name: 'Ava S.', location: 'Belfast', course: 'Pro', time: '42 minutes ago' },
  { name: 'Leo G.', location: 'Southampton', course: 'Foundation', time: '46 minutes ago' },
  { name: 'Grace N.', location: 'Leicester', course: 'Pro', time: '50 minutes ago' },
  { name: 'Charlie A.', location: 'Brighton', course: 'Foundation', time: '53 minutes ago' },
  { name: 'Freya J.', location: 'Oxford', course: 'Pro', time: '57 minutes ago' },
  { name: 'Alfie V.', location: 'Cambridge', course: 'Foundation', time: '1 hour ago' },
  { name: 'Lily E.', location: 'York', course: 'Pro', time: '1 hour ago' },
  { name: 'Thomas O.', location: 'Plymouth', course: 'Foundation', time: '2 hours ago' },
  { name: 'Poppy Y.', location: 'Aberdeen', course: 'Pro', time: '2 hours ago' },
  { name: 'William Z.', location: 'Norwich', course: 'Foundation', time: '3 hours ago' },
];
