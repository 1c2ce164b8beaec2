import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { ApiError } from '@client/lib/api-client';
import { loginFailureMessage, secondFactorFields } from './second-factor';

describe('secondFactorFields', () => {
  it('adds nothing before the server asked for a code', () => {
    expect(secondFactorFields(null, '')).toEqual({ fields: {} });
    expect(secondFactorFields(null, '123456')).toEqual({ fields: {} });
  });

  it('sends an authenticator code of 6 digits as typed, spaces allowed', () => {
    expect(secondFactorFields('totp', '123456')).toEqual({ fields: { totp_code: '123456' } });
    expect(secondFactorFields('totp', '123 456')).toEqual({ fields: { totp_code: '123 456' } });
  });

  it('refuses an authenticator code that is not 6 digits', () => {
    const error = { error: messages.adminSecurity.totpCodeFormat };
    expect(secondFactorFields('totp', '')).toEqual(error);
    expect(secondFactorFields('totp', '12345')).toEqual(error);
    expect(secondFactorFields('totp', '12345a')).toEqual(error);
  });

  it('sends a recovery code as typed, and asks for one when it is blank', () => {
    expect(secondFactorFields('recovery', 'abcd-efgh')).toEqual({ fields: { recovery_code: 'abcd-efgh' } });
    expect(secondFactorFields('recovery', '  ')).toEqual({ error: messages.adminSecurity.recoveryCodeRequired });
  });
});

describe('loginFailureMessage', () => {
  it('says the credentials are wrong on a 401, whatever its detail', () => {
    expect(loginFailureMessage(new ApiError(401, 'Invalid'))).toBe(messages.admin.invalidCredentials);
  });

  it("shows another refusal's detail, or the general failure", () => {
    expect(loginFailureMessage(new ApiError(429, 'Too many attempts'))).toBe('Too many attempts');
    expect(loginFailureMessage(new ApiError(500, null))).toBe(messages.admin.loginFailed);
    expect(loginFailureMessage(new Error('offline'))).toBe(messages.admin.loginFailed);
  });
});
