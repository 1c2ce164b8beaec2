import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '@client/lib/cn';
import { useHydrated } from '@client/lib/use-hydrated';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/50',
  secondary: 'bg-slate-900 text-white hover:bg-slate-800 disabled:bg-slate-900/50',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/50',
  success: 'bg-emerald-700 text-white hover:bg-emerald-800 disabled:bg-emerald-700/50',
  /** On dark (brand) backgrounds. */
  light: 'bg-white text-brand-800 hover:bg-brand-50',
  outlineLight: 'border border-white/60 text-white hover:bg-white/10',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  loading?: boolean;
}

export const buttonClasses = (
  variant: keyof typeof variants = 'primary',
  size: keyof typeof sizes = 'md',
  extra?: string,
) =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
    extra,
  );

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', loading = false, className, children, disabled, type = 'button', ...props },
  ref,
) {
  // A prerendered form's submit button waits for hydration: before it, the browser would send the
  // form itself, as a GET with the fields in the address (an email in the history and the logs).
  // A form whose default button is disabled is not submitted by Enter either.
  const hydrated = useHydrated();
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || loading || (type === 'submit' && !hydrated)}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && (
        <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
      )}
      {children}
    </button>
  );
});
