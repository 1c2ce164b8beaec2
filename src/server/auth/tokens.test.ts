import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens';

describe('TokenService.verify', () => {
  afterEach(() => vi.useRealTimers());

  it('remembers a checked token but still refuses it once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2027-01-01T00:00:00Z'), toFake: ['Date'] });
    const tokens = new TokenService('s'.repeat(32), 60);
    const token = await tokens.studentToken('1b4e28ba-2fa1-11d2-883f-0016d3cca427');
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ role: 'student', studentId: '1b4e28ba-2fa1-11d2-883f-0016d3cca427' });
    expect(await tokens.verify(token)).toEqual(first);
    vi.setSystemTime(new Date('2027-01-01T00:01:01Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('never accepts a token signed with another secret or altered, checked or not', async () => {
    const tokens = new TokenService('s'.repeat(32));
    const token = await tokens.studentToken('1b4e28ba-2fa1-11d2-883f-0016d3cca427');
    expect(await tokens.verify(token)).not.toBeNull();
    expect(await new TokenService('t'.repeat(32)).verify(token)).toBeNull();
    expect(await tokens.verify(`${token.slice(0, -2)}xx`)).toBeNull();
  });
});
