// engines: both
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricePounds } from '../factories';
import { buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';

describe('payment logs', () => {
  let t: TestApp;
  let logs = '';
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk) => (logs += chunk.toString()));
    t = await buildTestApp({ LOG_LEVEL: 'debug' }, { logger: true, logStream });
  });
  afterAll(() => t.close());

  it('record completed payments but never the card token or the student token', async () => {
    const student = await registerStudent(t);
    await selectCourse(t, student, 'pro');
    expect((await pay(t, student, 'combined', { amount: pricePounds('combined', 'pro') })).statusCode).toBe(200);
    expect(
      (await pay(t, student, 'enrollment', { amount: pricePounds('enrollment'), sourceId: 'cnon:card-nonce-declined' }))
        .statusCode,
    ).toBe(409);
    const other = await registerStudent(t);
    expect(
      (
        await pay(t, other, 'enrollment', {
          amount: pricePounds('enrollment'),
          sourceId: 'cnon:card-nonce-rejected-cvv',
        })
      ).statusCode,
    ).toBe(400);

    expect(logs).toContain('card payment completed');
    expect(logs).not.toContain('cnon:');
    expect(logs).not.toContain(student.token);
    expect(logs).not.toContain(other.token);
  });
});
