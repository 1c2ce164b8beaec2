import { X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge } from '@client/components/ui/badge';
import { fallbackSignups, signupWidget, type SampleSignup } from '@client/content-signup-widget';
import type { RecentSignup, SignupCourse } from '@shared/schemas/public';
import { useRecentSignups } from '../api/get-recent-signups';
import { signupTimeText } from './signup-time';

interface SignupCard {
  key: string;
  name: string;
  location: string;
  course: SignupCourse;
  time: string;
}

let cardCounter = 0;
const nextKey = (prefix: string) => `${prefix}-${(cardCounter += 1)}`;

const fromSample = (sample: SampleSignup, time = sample.time): SignupCard => ({
  key: nextKey('sample'),
  name: sample.name,
  location: sample.location,
  course: sample.course,
  time,
});

const fromApi = (signup: RecentSignup, time: string): SignupCard => ({
  key: nextKey(signup.id),
  name: `${signup.first_name} ${signup.last_name}`.trim(),
  location: signup.signup_location,
  course: signup.course_type,
  time,
});

const randomSample = () => fallbackSignups[Math.floor(Math.random() * fallbackSignups.length)];

/** `count` different samples from the 22 built-in entries, newest first (the list is in time order). */
function sampleCards(count: number): SignupCard[] {
  const indexes = fallbackSignups.map((_, index) => index);
  const picked: number[] = [];
  while (picked.length < count && indexes.length > 0) {
    picked.push(...indexes.splice(Math.floor(Math.random() * indexes.length), 1));
  }
  return picked
    .sort((a, b) => a - b)
    .flatMap((index) => fallbackSignups.slice(index, index + 1).map((s) => fromSample(s)));
}

/**
 * The landing page's social proof (SPEC.md sections 4, 8 and 9): 3 cards at first (real sign-ups,
 * or 3 of the built-in samples when the call fails or is empty), new sign-ups from the 30 s poll
 * and simulated ones every 20-50 s shown as 'Just now' and removed after 10 s and 8 s, at most 5,
 * newest first. Failures are only logged. Rendered after hydration only (it depends on the API).
 */
export function RecentSignupsWidget() {
  const { data, error } = useRecentSignups();
  const [cards, setCards] = useState<SignupCard[]>([]);
  const [hidden, setHidden] = useState(false);
  const initialised = useRef(false);
  const seen = useRef(new Set<string>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);

  const dismiss = useCallback((key: string) => setCards((current) => current.filter((card) => card.key !== key)), []);

  const addJustNow = useCallback(
    (card: SignupCard, removeAfterMs: number) => {
      setCards((current) => [card, ...current].slice(0, signupWidget.maxShown));
      later(removeAfterMs, () => dismiss(card.key));
    },
    [later, dismiss],
  );

  useEffect(() => {
    if (!error) return;
    console.error('Recent sign-ups could not be loaded; showing sample sign-ups instead.', error);
    if (!initialised.current) {
      initialised.current = true;
      setCards(sampleCards(signupWidget.initialCount));
    }
  }, [error]);

  useEffect(() => {
    if (!data) return;
    const notifications = Array.isArray(data.notifications) ? data.notifications : [];
    const unseen = notifications.filter((signup) => !seen.current.has(signup.id));
    unseen.forEach((signup) => seen.current.add(signup.id));
    if (!initialised.current) {
      initialised.current = true;
      const now = Date.now();
      setCards(
        notifications.length > 0
          ? notifications
              .slice(0, signupWidget.initialCount)
              .map((signup) => fromApi(signup, signupTimeText(signup.signed_up_at, now)))
          : sampleCards(signupWidget.initialCount),
      );
      return;
    }
    // Oldest first, so the newest ends up on top.
    [...unseen]
      .reverse()
      .forEach((signup) => addJustNow(fromApi(signup, signupWidget.labels.justNow), signupWidget.removeAddedAfterMs));
  }, [data, addJustNow]);

  useEffect(() => {
    if (!signupWidget.simulate || hidden) return;
    const { min, max } = signupWidget.simulatedEveryMs;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          const sample = randomSample();
          if (sample) addJustNow(fromSample(sample, signupWidget.labels.justNow), signupWidget.removeSimulatedAfterMs);
          schedule();
        },
        min + Math.random() * (max - min),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [hidden, addJustNow]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  if (hidden || cards.length === 0) return null;

  return (
    <section
      aria-label={signupWidget.labels.heading}
      className="fixed bottom-4 left-4 z-40 flex w-72 max-w-[calc(100vw-7.5rem)] flex-col gap-1.5 sm:bottom-20 sm:left-auto sm:right-4 sm:gap-2 print:hidden"
    >
      <button
        type="button"
        onClick={() => setHidden(true)}
        className="self-start rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-slate-700 shadow ring-1 ring-slate-200 hover:bg-white hover:text-slate-900"
      >
        {signupWidget.labels.hide}
      </button>
      {/*
        The stack sits on the right above the help button, clear of the hero's calls to action; on
        phones only the newest card shows, compact, so it never covers 'Start Your Journey'.
      */}
      <ul className="flex flex-col gap-1.5 sm:gap-2">
        {cards.map((card, index) => (
          <li
            key={card.key}
            data-testid="signup-card"
            className={`${index > 0 ? 'max-sm:hidden ' : ''}relative rounded-lg bg-white p-2 pr-8 text-xs shadow-lg ring-1 ring-slate-200 transition duration-300 starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none motion-reduce:starting:translate-y-0 sm:rounded-xl sm:p-3 sm:pr-9 sm:text-sm`}
          >
            <p className="font-semibold text-slate-900">
              {card.name} <span className="font-normal text-slate-600">from {card.location}</span>
            </p>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-slate-700 sm:mt-1">
              {signupWidget.labels.joined}
              <Badge tone={card.course === 'Pro' ? 'purple' : 'blue'}>{card.course}</Badge>
              <span className="text-slate-600">· {card.time}</span>
            </p>
            <button
              type="button"
              onClick={() => dismiss(card.key)}
              aria-label={`Dismiss notification from ${card.name}`}
              className="absolute top-1 right-1 rounded-full p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 sm:top-2 sm:right-2"
            >
              <X className="size-4" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
