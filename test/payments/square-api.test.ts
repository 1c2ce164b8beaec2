// engines: both
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments, students } from '@server/db/schema';
import { createCardPayment } from '@server/domain/payments/create-card-payment';
import { DomainError } from '@server/errors';
import { ProviderUnavailableError } from '@server/square/provider';
import { pricePence, pricePounds } from '../factories';
import { buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';
import { FakeSquare, squareSandboxConfig, squareSandboxProvider } from './fake-square';
import { one } from '@server/db/rows';

const FEE = pricePounds('enrollment');

/** SQUARE_ENVIRONMENT=sandbox: the official `square` package against a fake of Square's API on loopback. */
describe('card payments through the Square API', () => {
  let t: TestApp;
  let square: FakeSquare;
  beforeAll(async () => {
    square = await new FakeSquare().start();
    t = await buildTestApp(squareSandboxConfig(square));
  });
  afterAll(async () => {
    await t.close();
    await square.stop();
  });
  beforeEach(() => {
    square.requests.length = 0;
    square.charges.clear();
  });

  const studentRow = async (id: string) => one(await t.db.select().from(students).where(eq(students.id, id)));
  const paymentRows = (id: string) => t.db.select().from(payments).where(eq(payments.studentId, id));

  it('tells the browser which Square application and location to use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.json()).toEqual({
      square: { environment: 'sandbox', application_id: 'sandbox-sq0idb-test', location_id: 'LOCATION123' },
      student_login: 'code',
      support: expect.any(Object),
      retention: { id_document_days: 30, unpaid_registration_days: 365, payment_record_years: 6 },
    });
  });

  it('calls CreatePayment with the token, key, amount in pence, GBP and the location', async () => {
    const student = await registerStudent(t);
    await selectCourse(t, student, 'pro');
    const key = randomUUID();
    const res = await pay(t, student, 'combined', { amount: pricePounds('combined', 'pro'), key });
    expect(res.statusCode).toBe(200);
    expect(square.requests).toHaveLength(1);
    const request = one(square.requests);
    expect(request.path).toBe('POST /v2/payments');
    expect(request.authorization).toBe('Bearer EAAA-test-access-token');
    expect(request.body).toMatchObject({
      source_id: 'cnon:card-nonce-ok',
      idempotency_key: key,
      amount_money: { amount: pricePence('combined', 'pro'), currency: 'GBP' },
      location_id: 'LOCATION123',
      autocomplete: true,
    });
    const payment = one(await paymentRows(student.id));
    expect(payment).toMatchObject({ status: 'completed', providerReference: square.charges.get(key)?.id });
    expect(request.body.reference_id).toBe(payment.id);
    expect(await studentRow(student.id)).toMatchObject({
      enrollmentPaid: true,
      coursePaid: true,
      totalPaidPence: pricePence('combined', 'pro'),
    });
  });

  it.each([
    ['cnon:card-nonce-declined', 'Your card was declined. Please use a different card.'],
    ['cnon:card-nonce-rejected-cvv', "The card's security code (CVV) was not accepted. Please check it and try again."],
    ['cnon:card-nonce-rejected-postalcode', "The card's postcode did not match. Please check it and try again."],
    ['cnon:card-nonce-rejected-expiration', "The card's expiry date was not accepted. Please check it and try again."],
  ])('reports Square declining %s and marks nothing paid', async (sourceId, detail) => {
    const student = await registerStudent(t);
    const res = await pay(t, student, 'enrollment', { amount: FEE, sourceId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
    expect((await paymentRows(student.id))[0]).toMatchObject({ status: 'failed', failureDetail: detail });
    expect((await studentRow(student.id)).enrollmentPaid).toBe(false);
  });

  it('answers 502 on a Square error, keeps the payment pending, and a retry with the same key completes once', async () => {
    const student = await registerStudent(t);
    const key = randomUUID();
    const failed = await pay(t, student, 'enrollment', { amount: FEE, key, sourceId: 'fake:server-error' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      detail: 'The payment provider could not process the payment right now. Please try again in a moment.',
    });
    expect((await paymentRows(student.id))[0]).toMatchObject({ status: 'pending', completedAt: null });
    expect((await studentRow(student.id)).enrollmentPaid).toBe(false);

    const retry = await pay(t, student, 'enrollment', { amount: FEE, key });
    expect(retry.statusCode).toBe(200);
    const rows = await paymentRows(student.id);
    expect(rows).toHaveLength(1);
    expect(one(rows).status).toBe('completed');
    expect(square.charges.size).toBe(1);
    expect((await studentRow(student.id)).totalPaidPence).toBe(pricePence('enrollment'));
  });

  it('answers 503 when Square does not answer in time and never marks the student paid', async () => {
    const student = await registerStudent(t);
    const provider = squareSandboxProvider(square, 0.1);
    const error = await createCardPayment(
      t.db,
      provider,
      {
        studentId: student.id,
        sourceId: 'fake:timeout',
        amount: FEE,
        paymentType: 'enrollment',
        idempotencyKey: randomUUID(),
        termsAccepted: true,
      },
      t.app.clock,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      kind: 'unavailable',
      message:
        'The payment provider did not answer in time. Please try again in a moment; retrying will not charge you twice.',
    });
    expect((await paymentRows(student.id))[0]).toMatchObject({ status: 'pending' });
    expect(await studentRow(student.id)).toMatchObject({ enrollmentPaid: false, totalPaidPence: 0 });

    await expect(
      provider.charge({
        sourceId: 'fake:timeout',
        idempotencyKey: randomUUID(),
        amountPence: pricePence('enrollment'),
        currency: 'GBP',
        note: 'x',
        referenceId: 'y',
      }),
    ).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('charges once for 20 concurrent calls with the same key', async () => {
    const student = await registerStudent(t);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pay(t, student, 'enrollment', { amount: FEE, key })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    // This payment's calls only: a call the test above gave up on after 0.1 s can reach the fake later,
    // on a loaded machine after this test has begun.
    expect(square.requests.filter((r) => r.body.idempotency_key === key)).toHaveLength(1);
    expect(square.charges.size).toBe(1);
    const rows = await paymentRows(student.id);
    expect(rows).toHaveLength(1);
    expect(one(rows).status).toBe('completed');
    expect((await studentRow(student.id)).totalPaidPence).toBe(pricePence('enrollment'));
  });
});
