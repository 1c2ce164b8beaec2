import { Check } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { STEPS, type Step } from '../lib/wizard';

/** The five steps; completed ones show a tick, the current one is marked for screen readers. */
export function StepIndicator({ current }: { current: Step }) {
  return (
    <nav aria-label="Enrollment progress">
      <ol className="flex items-start justify-between gap-1">
        {STEPS.map((label, index) => {
          const number = index + 1;
          const done = number < current;
          const active = number === current;
          return (
            <li
              key={label}
              className="flex min-w-0 flex-1 flex-col items-center gap-1 text-center"
              aria-current={active ? 'step' : undefined}
            >
              <span
                className={cn(
                  'flex size-9 items-center justify-center rounded-full border-2 text-sm font-bold',
                  done && 'border-emerald-700 bg-emerald-700 text-white',
                  active && 'border-brand-700 bg-brand-700 text-white',
                  !done && !active && 'border-slate-300 bg-white text-slate-600',
                )}
              >
                {done ? <Check className="size-5" aria-label="completed" /> : number}
              </span>
              <span
                className={cn(
                  // A step is ~68 px wide at 390 px, where 11 px type fits "Confirmation" whole; at 320 px
                  // (~54 px) a long label wraps inside its step instead of pushing the page sideways.
                  'max-w-full text-[11px] leading-tight tracking-tight hyphens-auto [overflow-wrap:anywhere] sm:text-sm sm:tracking-normal',
                  active ? 'font-semibold text-slate-900' : 'text-slate-600',
                )}
              >
                {label}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
