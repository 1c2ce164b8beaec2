import { useEffect, useRef } from 'react';
import type { Step } from './wizard';

/**
 * After a step change, moves focus to the new step's heading so keyboard and screen-reader users
 * follow along. Returns the ref of the element the steps render in.
 */
export function useStepHeadingFocus(step: Step) {
  const stepCard = useRef<HTMLDivElement>(null);
  const previousStep = useRef(step);
  useEffect(() => {
    if (step === previousStep.current) return;
    previousStep.current = step;
    const card = stepCard.current;
    const focusHeading = () => {
      const heading = card?.querySelector('h2');
      heading?.setAttribute('tabindex', '-1');
      heading?.focus();
      return heading != null;
    };
    if (!card || focusHeading()) return;
    // The step is still loading (components/lazy-steps.tsx): its heading gets the focus when it comes.
    const observer = new MutationObserver(() => focusHeading() && observer.disconnect());
    observer.observe(card, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [step]);
  return stepCard;
}
