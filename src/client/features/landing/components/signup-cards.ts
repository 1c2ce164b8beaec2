/** The recent sign-up widget's cards, from the API's sign-ups or the built-in samples. */
import { fallbackSignups, type SampleSignup } from '@client/content-signup-widget';
import type { RecentSignup, SignupCourse } from '@shared/schemas/public';

export interface SignupCard {
  key: string;
  /** The person (name and place): one person is shown once. */
  person: string;
  name: string;
  location: string;
  course: SignupCourse;
  /** "5 minutes ago" for a real sign-up; null for an invented example, which has no time. */
  time: string | null;
  /** An invented example (owner's setting `sample_signups`): shown marked as one, never as a real sign-up. */
  example: boolean;
}

let cardCounter = 0;
const nextKey = (prefix: string) => `${prefix}-${(cardCounter += 1)}`;

const personOf = (name: string, location: string) => `${name}|${location}`.toLowerCase();

export const fromSample = (sample: SampleSignup): SignupCard => ({
  key: nextKey('sample'),
  person: personOf(sample.name, sample.location),
  name: sample.name,
  location: sample.location,
  course: sample.course,
  time: null,
  example: true,
});

export const fromApi = (signup: RecentSignup, time: string): SignupCard => ({
  key: nextKey(signup.id),
  person: personOf(signup.first_name, signup.signup_location),
  name: signup.first_name,
  location: signup.signup_location,
  course: signup.course_type,
  time,
  example: false,
});

/** A random sample whose person has not been shown yet in this visit (none once all have been). */
export function randomUnseenSample(shown: Set<string>): SampleSignup | undefined {
  const unseen = fallbackSignups.filter((sample) => !shown.has(personOf(sample.name, sample.location)));
  return unseen[Math.floor(Math.random() * unseen.length)];
}

/** `count` different samples from the 22 built-in entries, newest first (the list is in time order). */
export function sampleCards(count: number): SignupCard[] {
  const indexes = fallbackSignups.map((_, index) => index);
  const picked: number[] = [];
  while (picked.length < count && indexes.length > 0) {
    picked.push(...indexes.splice(Math.floor(Math.random() * indexes.length), 1));
  }
  return picked
    .sort((a, b) => a - b)
    .flatMap((index) => fallbackSignups.slice(index, index + 1).map((s) => fromSample(s)));
}
