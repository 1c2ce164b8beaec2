import { X } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { COURSES } from '@shared/catalogue';
import { signupWidget } from '@client/content-signup-widget';
import type { SignupCard } from './signup-cards';

const labels = signupWidget.labels;

/**
 * One sign-up: who, from where, what they joined, when, and a button to dismiss it; an invented one
 * says "Example" and has no time. On phones only the newest card shows, compact; from 640 px the newest three.
 */
export function SignupCardItem({ card, index, onDismiss }: { card: SignupCard; index: number; onDismiss: () => void }) {
  return (
    <li
      data-testid="signup-card"
      data-example={card.example ? 'true' : undefined}
      className={`${index > 0 ? 'max-sm:hidden ' : ''}${index > 2 ? 'hidden ' : ''}relative rounded-lg bg-white p-2 pr-8 text-xs shadow-lg ring-1 ring-slate-200 transition duration-300 starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none motion-reduce:starting:translate-y-0 sm:rounded-xl sm:p-3 sm:pr-9 sm:text-sm`}
    >
      <p className="font-semibold text-slate-900">
        {card.example && (
          <span className="mr-1.5 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold tracking-wide text-amber-950 uppercase">
            {labels.example}
          </span>
        )}
        {card.name} <span className="font-normal text-slate-600">from {card.location}</span>
      </p>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-slate-700 sm:mt-1">
        {card.course === 'Enrollment' ? (
          card.example ? (
            labels.exampleProgramme
          ) : (
            labels.joinedProgramme
          )
        ) : (
          <>
            {card.example ? labels.exampleCourse : labels.joined}
            <Badge tone={card.course === 'Pro' ? 'purple' : 'blue'}>
              {card.course === 'Pro' ? COURSES.pro.title : COURSES.foundation.title}
            </Badge>
          </>
        )}
        {card.time && <span className="text-slate-600">· {card.time}</span>}
      </p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={`Dismiss ${card.example ? 'example' : 'notification'} from ${card.name}`}
        className="absolute top-1 right-1 rounded-full p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 sm:top-2 sm:right-2"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}
