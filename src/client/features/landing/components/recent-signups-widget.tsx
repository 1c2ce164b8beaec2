import { X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Badge } from '@client/components/ui/badge';
import { coversContent } from '@client/lib/covers-content';
import { WithQueryClient } from '@client/lib/query-client';
import { COURSES } from '@shared/catalogue';
import { fallbackSignups, signupWidget, type SampleSignup } from '@client/content-signup-widget';
import type { RecentSignup, SignupCourse } from '@shared/schemas/public';
import { useRecentSignups } from '../api/get-recent-signups';
import { signupTimeText } from './signup-time';

interface SignupCard {
  key: string;
  /** The person (name and place): one person is shown once. */
  person: string;
  name: string;
  location: string;
  course: SignupCourse;
  time: string;
}

let cardCounter = 0;
const nextKey = (prefix: string) => `${prefix}-${(cardCounter += 1)}`;

const personOf = (name: string, location: string) => `${name}|${location}`.toLowerCase();

const fromSample = (sample: SampleSignup, time = sample.time): SignupCard => ({
  key: nextKey('sample'),
  person: personOf(sample.name, sample.location),
  name: sample.name,
  location: sample.location,
  course: sample.course,
  time,
});

const fromApi = (signup: RecentSignup, time: string): SignupCard => ({
  key: nextKey(signup.id),
  person: personOf(`${signup.first_name} ${signup.last_name}`.trim(), signup.signup_location),
  name: `${signup.first_name} ${signup.last_name}`.trim(),
  location: signup.signup_location,
  course: signup.course_type,
  time,
});

/** A random sample whose person has not been shown yet in this visit (none once all have been). */
function randomUnseenSample(shown: Set<string>): SampleSignup | undefined {
  const unseen = fallbackSignups.filter((sample) => !shown.has(personOf(sample.name, sample.location)));
  return unseen[Math.floor(Math.random() * unseen.length)];
}

function readHidden(): boolean {
  try {
    return localStorage.getItem(signupWidget.hiddenStorageKey) === '1';
  } catch {
    return false;
  }
}

function rememberHidden() {
  try {
    localStorage.setItem(signupWidget.hiddenStorageKey, '1');
  } catch {
    // Private mode: hidden for this visit only.
  }
}

/**
 * Whether the floating widget must step aside: while the hero (the first view) is on screen, or
 * while its box would lie over any content of the page, text included (lib/covers-content.ts). The
 * landing page's foot keeps a band free for it (SiteFooter `reserve`), so it shows at the end of the
 * page and wherever else the page leaves it room.
 */
function useStepAside(widget: RefObject<HTMLElement | null>, present: boolean): boolean {
  const [aside, setAside] = useState(true);
  useEffect(() => {
    const check = () => {
      const box = widget.current?.getBoundingClientRect();
      const heroBox = document.getElementById('hero')?.getBoundingClientRect();
      if (heroBox && heroBox.bottom > 0) return setAside(true);
      if (!box || box.height === 0) return setAside(false);
      setAside(coversContent(box));
    };
    // Checked on every scroll: no animation frame, so it also holds under a test's fake clock.
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    const observer = new ResizeObserver(check);
    if (widget.current) observer.observe(widget.current);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      observer.disconnect();
    };
  }, [widget, present]);
  return aside;
}

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
 * The landing page's social proof (docs/product/public-pages.md): 3 cards at first (real sign-ups,
 * or 3 of the built-in samples when the call fails or is empty), new sign-ups from the 30 s poll
 * and simulated ones every 20-50 s shown as 'Just now' and removed after 10 s and 8 s, at most 5,
 * newest first. Failures are only logged. Rendered after hydration only (it depends on the API).
 * Brings the query cache with it: the landing page's first load does not include TanStack Query.
 */
export function RecentSignupsWidget() {
  return (
    <WithQueryClient>
      <SignupsWidget />
    </WithQueryClient>
  );
}

function SignupsWidget() {
  const { data, error } = useRecentSignups();
  const [cards, setCards] = useState<SignupCard[]>([]);
  const [hidden, setHidden] = useState(readHidden);
  const shownPeople = useRef(new Set<string>());
  const section = useRef<HTMLElement>(null);
  const stepAside = useStepAside(section, cards.length > 0);
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
      if (shownPeople.current.has(card.person)) return;
      shownPeople.current.add(card.person);
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
      const initial = sampleCards(signupWidget.initialCount);
      initial.forEach((card) => shownPeople.current.add(card.person));
      setCards(initial);
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
      const initial = (
        notifications.length > 0
          ? notifications.map((signup) => fromApi(signup, signupTimeText(signup.signed_up_at, now)))
          : sampleCards(signupWidget.initialCount)
      )
        .filter((card) => {
          if (shownPeople.current.has(card.person)) return false;
          shownPeople.current.add(card.person);
          return true;
        })
        .slice(0, signupWidget.initialCount);
      setCards(initial);
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
          const sample = randomUnseenSample(shownPeople.current);
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
      ref={section}
      aria-label={signupWidget.labels.heading}
      data-testid="signup-widget"
      data-stepped-aside={stepAside ? 'true' : 'false'}
      data-floating
      className={`fixed bottom-4 left-4 z-40 flex w-72 max-w-[calc(100vw-5.5rem)] flex-col gap-1.5 transition-opacity duration-200 sm:gap-2 print:hidden ${stepAside ? 'invisible opacity-0' : 'opacity-100'}`}
    >
      <button
        type="button"
        onClick={() => {
          rememberHidden();
          setHidden(true);
        }}
        className="self-start rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-slate-700 shadow ring-1 ring-slate-200 hover:bg-white hover:text-slate-900"
      >
        {signupWidget.labels.hide}
      </button>
      {/*
        Bottom left, clear of the help button; it shows once the hero has scrolled away and steps
        aside while it would cover content. On phones only the newest card shows, compact; from 640 px
        the newest three (the band the page's foot keeps free is that tall).
      */}
      <ul className="flex flex-col gap-1.5 sm:gap-2">
        {cards.map((card, index) => (
          <li
            key={card.key}
            data-testid="signup-card"
            className={`${index > 0 ? 'max-sm:hidden ' : ''}${index > 2 ? 'hidden ' : ''}relative rounded-lg bg-white p-2 pr-8 text-xs shadow-lg ring-1 ring-slate-200 transition duration-300 starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none motion-reduce:starting:translate-y-0 sm:rounded-xl sm:p-3 sm:pr-9 sm:text-sm`}
          >
            <p className="font-semibold text-slate-900">
              {card.name} <span className="font-normal text-slate-600">from {card.location}</span>
            </p>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-slate-700 sm:mt-1">
              {card.course === 'Enrollment' ? (
                signupWidget.labels.joinedProgramme
              ) : (
                <>
                  {signupWidget.labels.joined}
                  <Badge tone={card.course === 'Pro' ? 'purple' : 'blue'}>
                    {card.course === 'Pro' ? COURSES.pro.title : COURSES.foundation.title}
                  </Badge>
                </>
              )}
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
