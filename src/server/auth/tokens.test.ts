import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens';

const STUDENT = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
const at = (iso: string) => new Date(iso);

describe('TokenService.verify', () => {
  it('remembers a checked token but still refuses it once it has expired, by the time it is given', async () => {
    const tokens = new TokenService('s'.repeat(32), 60);
    const token = await tokens.studentToken(STUDENT, at('2027-01-01T00:00:00Z'));
    const first = await tokens.verify(token, at('2027-01-01T00:00:00Z'));
    expect(first).toMatchObject({ role: 'student', studentId: STUDENT });
    expect(first?.expiresAt).toEqual(at('2027-01-01T00:01:00Z'));
    expect(await tokens.verify(token, at('2027-01-01T00:00:59Z'))).toEqual(first);
    expect(await tokens.verify(token, at('2027-01-01T00:01:01Z'))).toBeNull();
    // Not remembered (another process): the signature check refuses it at that time too.
    expect(await new TokenService('s'.repeat(32), 60).verify(token, at('2027-01-01T00:01:01Z'))).toBeNull();
  });

  it('never accepts a token signed with another secret or altered, checked or not', async () => {
    const now = at('2027-01-01T00:00:00Z');
    const tokens = new TokenService('s'.repeat(32));
    const token = await tokens.studentToken(STUDENT, now);
    expect(await tokens.verify(token, now)).not.toBeNull();
    expect(await new TokenService('t'.repeat(32)).verify(token, now)).toBeNull();
    expect(await tokens.verify(`${token.slice(0, -2)}xx`, now)).toBeNull();
  });
});
