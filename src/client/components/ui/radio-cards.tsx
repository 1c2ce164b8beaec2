import * as RadioGroup from '@radix-ui/react-radio-group';
import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from './badge';
import { cn } from '@client/lib/cn';

export interface RadioCardOption<T extends string> {
  value: T;
  title: string;
  price: string;
  /** Small print under the price, e.g. the fee an all-in price includes. */
  priceNote?: string;
  description: string;
  /** A purple badge on the card's top edge, e.g. "Recommended" or "Most Popular". */
  badge?: string;
}

/**
 * Large selectable cards (payment option, course) as one Radix RadioGroup: a tab stop for the group,
 * arrow keys move and choose, each card is a radio labelled by its own text.
 */
export function RadioCards<T extends string>({
  label,
  value,
  options,
  onChange,
  footer,
}: {
  label: string;
  value: T | null;
  options: ReadonlyArray<RadioCardOption<T>>;
  onChange: (value: T) => void;
  footer?: (option: RadioCardOption<T>) => ReactNode;
}) {
  return (
    <RadioGroup.Root
      aria-label={label}
      value={value ?? ''}
      onValueChange={(next) => {
        const option = options.find((o) => o.value === next);
        if (option) onChange(option.value);
      }}
      className="grid gap-4 sm:grid-cols-2"
    >
      {options.map((option) => {
        const selected = value === option.value;
        return (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            className={cn(
              // A column from the top: a button centres its content, which set the titles of two cards
              // of different lengths at different heights.
              'relative flex flex-col justify-start rounded-xl border-2 bg-white p-5 text-left transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
              selected ? 'border-brand-700 ring-2 ring-brand-600/30' : 'border-slate-200 hover:border-brand-500',
            )}
          >
            {option.badge && (
              <Badge tone="purple" className="absolute -top-3 right-4">
                {option.badge}
              </Badge>
            )}
            <span className="flex items-center justify-between gap-2">
              <span className="text-lg font-semibold">{option.title}</span>
              <RadioGroup.Indicator>
                <CheckCircle2 className="size-5 text-brand-700" aria-hidden />
              </RadioGroup.Indicator>
            </span>
            <span className="mt-1 block text-2xl font-bold text-brand-800">{option.price}</span>
            {option.priceNote && <span className="block text-sm text-slate-700">{option.priceNote}</span>}
            <span className="mt-2 block text-sm text-slate-700">{option.description}</span>
            {footer?.(option)}
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
