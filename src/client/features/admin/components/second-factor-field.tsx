import type { RefObject } from 'react';
import { messages } from '@shared/messages';
import { Field } from '@client/components/ui/field';
import type { SecondFactor } from './second-factor';

/** The code box the sign-in shows once the password was right: an authenticator code, or a recovery code instead. */
export function SecondFactorField({
  second,
  code,
  setCode,
  codeError,
  codeInput,
  switchFactor,
}: {
  second: Exclude<SecondFactor, null>;
  code: string;
  setCode: (code: string) => void;
  codeError: string | undefined;
  codeInput: RefObject<HTMLInputElement | null>;
  switchFactor: () => void;
}) {
  return (
    <div className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-3">
      <p role="status" className="text-sm font-medium text-slate-800">
        {second === 'totp' ? messages.adminSecurity.totpRequired : messages.adminSecurity.recoveryCodeRequired}
      </p>
      <Field
        key={second}
        ref={codeInput}
        label={second === 'totp' ? 'Authentication code' : 'Recovery code'}
        autoComplete="one-time-code"
        inputMode={second === 'totp' ? 'numeric' : 'text'}
        maxLength={second === 'totp' ? 7 : 32}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={codeError}
      />
      <button
        type="button"
        onClick={switchFactor}
        className="text-sm font-medium text-brand-700 underline hover:text-brand-900"
      >
        {second === 'totp' ? 'Use a recovery code instead' : 'Use a code from the app instead'}
      </button>
    </div>
  );
}
