import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { signupWidget } from '@client/content-signup-widget';
import type { RecentSignup } from '@shared/schemas/public';
import { useRecentSignups } from '../api/get-recent-signups';
import { fromApi, fromSample, randomUnseenSample, sampleCards, type SignupCard } from './signup-cards';
import { signupTimeText } from './signup-time';

/**
 * The first cards: the real sign-ups; with none, examples only if the owner allows them (`samplesAllowed`),
 * else none. Each person once (marked in `shown`).
 */
function initialCards(notifications: RecentSignup[], samplesAllowed: boolean, shown: Set<string>): SignupCard[] {
  const now = Date.now();
  return (
    notifications.length > 0
      ? notifications.map((signup) => fromApi(signup, signupTimeText(signup.signed_up_at, now)))
      : samplesAllowed
        ? sampleCards(signupWidget.initialCount)
        : []
  )
    .filter((card) => {
      if (shown.has(card.person)) return false;
      shown.add(card.person);
      return true;
    })
    .slice(0, signupWidget.initialCount);
}

/** `later(ms, run)`: a timeout that is cleared if the widget goes first. */
function useLater() {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  return useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);
}

/**
 * The cards shown: the first ones (real, or examples when the owner allows them), then new sign-ups
 * from the poll; `dismiss` removes one. Failures are only logged, and show nothing: without the answer
 * the widget cannot know whether examples are allowed.
 */
export function useSignupCards(hidden: boolean) {
  const { data, error } = useRecentSignups();
  const [cards, setCards] = useState<SignupCard[]>([]);
  const shownPeople = useRef(new Set<string>());
  const initialised = useRef(false);
  const seen = useRef(new Set<string>());
  const later = useLater();

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
    if (error) console.error('Recent sign-ups could not be loaded.', error);
  }, [error]);

  useEffect(() => {
    if (!data) return;
    const notifications = Array.isArray(data.notifications) ? data.notifications : [];
    const unseen = notifications.filter((signup) => !seen.current.has(signup.id));
    unseen.forEach((signup) => seen.current.add(signup.id));
    if (!initialised.current) {
      initialised.current = true;
      setCards(initialCards(notifications, data.samples_allowed === true, shownPeople.current));
      return;
    }
    // Oldest first, so the newest ends up on top.
    [...unseen]
      .reverse()
      .forEach((signup) => addJustNow(fromApi(signup, signupWidget.labels.justNow), signupWidget.removeAddedAfterMs));
  }, [data, addJustNow]);

  useSimulatedSignups(hidden || data?.samples_allowed !== true, shownPeople, addJustNow);
  return { cards, dismiss, answered: Boolean(data || error) };
}

/**
 * An example every 20-50 s, marked as one, while `off` is false (the owner allows examples and the
 * visitor has not hidden the widget) and the simulation is on in content-signup-widget.ts.
 */
function useSimulatedSignups(
  off: boolean,
  shownPeople: RefObject<Set<string>>,
  addJustNow: (card: SignupCard, removeAfterMs: number) => void,
) {
  useEffect(() => {
    if (!signupWidget.simulate || off) return;
    const { min, max } = signupWidget.simulatedEveryMs;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          const sample = randomUnseenSample(shownPeople.current);
          if (sample) addJustNow(fromSample(sample), signupWidget.removeSimulatedAfterMs);
          schedule();
        },
        min + Math.random() * (max - min),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [off, shownPeople, addJustNow]);
}
