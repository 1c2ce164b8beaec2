import { useRef, useState } from 'react';
import { WithQueryClient } from '@client/lib/query-client';
import { signupWidget } from '@client/content-signup-widget';
import { SignupCardItem } from './signup-card-item';
import { useSignupCards } from './use-signup-cards';
import { useStepAside } from './use-step-aside';

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
 * The landing page's social proof (docs/product/public-pages.md): 3 cards at first (real sign-ups of
 * students who agreed to be shown; with none, 3 examples marked as such only when the owner allows
 * them, else nothing), new sign-ups from the 30 s poll shown as 'Just now' and removed after 10 s,
 * and (examples allowed) an example every 20-50 s removed after 8 s; at most 5, newest first.
 * Failures are only logged. Rendered after hydration only (it depends on the API).
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
  const [hidden, setHidden] = useState(readHidden);
  const { cards, dismiss, answered } = useSignupCards(hidden);
  const section = useRef<HTMLElement>(null);
  const stepAside = useStepAside(section, cards.length > 0);

  if (hidden) return null;
  // Nothing to show (no one agreed and paid, no examples allowed): nothing on screen; the empty
  // marker only tells that the widget has its answer (the browser tests wait for it).
  if (cards.length === 0) return answered ? <div hidden data-testid="signup-widget" data-empty="true" /> : null;

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
          <SignupCardItem key={card.key} card={card} index={index} onDismiss={() => dismiss(card.key)} />
        ))}
      </ul>
    </section>
  );
}
