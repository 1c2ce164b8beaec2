/** The admin sign-in's second step: checking the code typed, and what a failed sign-in says. */
import { messages } from '@shared/messages';
import { ApiError } from '@client/lib/api-client';

/** The second step, once the server said the password was right and a code is needed. */
export type SecondFactor = 'totp' | 'recovery' | null;

export type CodeFields = { totp_code: string } | { recovery_code: string } | Record<string, never>;

/**
 * What the code box adds to the sign-in request, or why it cannot be sent yet (an authenticator code
 * is 6 digits, spaces aside; a recovery code must be typed).
 */
export function secondFactorFields(second: SecondFactor, code: string): { error: string } | { fields: CodeFields } {
  if (second === 'totp' && !/^\d{6}$/.test(code.replace(/\s/g, ''))) {
    return { error: messages.adminSecurity.totpCodeFormat };
  }
  if (second === 'recovery' && !code.trim()) return { error: messages.adminSecurity.recoveryCodeRequired };
  if (second === 'totp' && code.trim()) return { fields: { totp_code: code } };
  if (second === 'recovery' && code.trim()) return { fields: { recovery_code: code } };
  return { fields: {} };
}

/** The toast of a sign-in refused for another reason than a missing code. */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return messages.admin.invalidCredentials;
  if (error instanceof ApiError && error.detail) return error.detail;
  return messages.admin.loginFailed;
}
