import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@client/lib/cn';

export const inputClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 aria-[invalid=true]:border-red-600';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}

/** The ids a control's aria-describedby names: its hint and its error, when there are any. */
function descriptionIds(id: string, hint: ReactNode, error: string | undefined) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** A control's label above it (with a mark when required), its hint and its error below. */
function FieldFrame({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  const { hintId, errorId } = descriptionIds(id, hint, error);
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden>
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with an optional hint and error, wired with aria attributes. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, hint, error, id, className, required, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame id={inputId} label={label} required={required} hint={hint} error={error} className={className}>
      <input
        ref={ref}
        id={inputId}
        className={inputClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={descriptionIds(inputId, hint, error).describedBy}
        required={required}
        {...props}
      />
    </FieldFrame>
  );
});

export interface TextAreaFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  /** The wrapper's classes; by default a gap above (the field follows a dialog's question). */
  className?: string;
}

/** A labelled multi-line input (a reason, notes, a message) with an optional hint and error. */
export function TextAreaField({
  label,
  value,
  onChange,
  rows = 3,
  maxLength = 500,
  placeholder,
  hint,
  error,
  required,
  className = 'mt-4',
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <textarea
        id={id}
        className={inputClasses}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={descriptionIds(id, hint, error).describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldFrame>
  );
}
