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
  /**
   * Further examples appear now and then while the owner's setting `sample_signups` is on (each marked
   * as an example); false here stops them even then.
   */
  simulate: true,
  labels: {
    heading: 'Recent sign-ups',
    hide: 'Hide notifications',
    justNow: 'Just now',
    /** Before the course badge: "just enrolled in [Pro Course]". */
    joined: 'just enrolled in',
    /** A student who has paid the enrolment fee and not yet chosen a course. */
    joinedProgramme: 'just joined the programme',
    /** On every invented card, in place of "just enrolled" and a time. */
    example: 'Example',
    exampleCourse: 'an example sign-up for',
    exampleProgramme: 'an example sign-up for the programme',
  },
  /** Where "Hide notifications" is remembered (localStorage). */
  hiddenStorageKey: 'vbr.signupWidget.hidden',
} as const;

/** An invented sign-up: a first name and a town, like a real one (no time: it never happened). */
export interface SampleSignup {
  name: string;
  location: string;
  course: SignupCourse;
}

/**
 * The 22 built-in examples: shown (3 of them), each marked as an example, only while the owner's
 * setting `sample_signups` is on and there is no real sign-up to show.
 */
export const fallbackSignups: readonly SampleSignup[] = [
  { name: 'Sarah', location: 'London', course: 'Pro' },
  { name: 'James', location: 'Manchester', course: 'Foundation' },
  { name: 'Emma', location: 'Birmingham', course: 'Pro' },
  { name: 'Oliver', location: 'Leeds', course: 'Foundation' },
  { name: 'Sophie', location: 'Glasgow', course: 'Pro' },
  { name: 'Harry', location: 'Bristol', course: 'Foundation' },
  { name: 'Amelia', location: 'Liverpool', course: 'Pro' },
  { name: 'George', location: 'Edinburgh', course: 'Foundation' },
  { name: 'Isla', location: 'Cardiff', course: 'Pro' },
  { name: 'Jack', location: 'Sheffield', course: 'Foundation' },
  { name: 'Mia', location: 'Newcastle', course: 'Pro' },
  { name: 'Noah', location: 'Nottingham', course: 'Foundation' },
  { name: 'Ava', location: 'Belfast', course: 'Pro' },
  { name: 'Leo', location: 'Southampton', course: 'Foundation' },
  { name: 'Grace', location: 'Leicester', course: 'Pro' },
  { name: 'Charlie', location: 'Brighton', course: 'Foundation' },
  { name: 'Freya', location: 'Oxford', course: 'Pro' },
  { name: 'Alfie', location: 'Cambridge', course: 'Foundation' },
  { name: 'Lily', location: 'York', course: 'Pro' },
  { name: 'Thomas', location: 'Plymouth', course: 'Foundation' },
  { name: 'Poppy', location: 'Aberdeen', course: 'Pro' },
  { name: 'William', location: 'Norwich', course: 'Foundation' },
];
