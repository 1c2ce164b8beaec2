/**
 * A small fake of Square's CreatePayment HTTP API on loopback, for the API-mode provider tests.
 * It dedupes on idempotency_key as Square does, and counts real charges. Source ids choose the
 * behaviour: Square's sandbox test tokens, plus `fake:timeout` (never answers in time),
 * `fake:server-error` (500) and `fake:charge-then-lost` (charges, then never answers: a crash or a lost
 * answer). A key it already charged gets that payment again, whatever the source, as Square's
 * idempotency does: this is how the reconciler replays CreatePayment.
 *
 * Like Square, it sends signed webhook events for what it does (payments, refunds through the API
 * or "in the dashboard", disputes): each is queued, signed with `webhooks.signatureKey` over
 * `webhooks.notificationUrl` + body (computed here, apart from the server's code), and sent by
 * `deliverWebhooks()` (dashboard actions deliver at once). Every event sent is kept for replays.
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SquareApiProvider } from '@server/square/api-provider';

/** The webhook subscription the tests register (SQUARE_WEBHOOK_URL, SQUARE_WEBHOOK_SIGNATURE_KEY). */
export const WEBHOOK_URL = 'https://school.example/api/square/webhook';
export const WEBHOOK_KEY = 'fake-square-signature-key';
export const squareWebhookConfig = { SQUARE_WEBHOOK_URL: WEBHOOK_URL, SQUARE_WEBHOOK_SIGNATURE_KEY: WEBHOOK_KEY };

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: {
    source_id: string;
    idempotency_key: string;
    amount_money: { amount: number; currency: string };
    location_id: string;
    [key: string]: unknown;
  };
}

const CARD_ERRORS: Record<string, string> = {
  'cnon:card-nonce-declined': 'GENERIC_DECLINE',
  'cnon:card-nonce-rejected-cvv': 'CVV_FAILURE',
  'cnon:card-nonce-rejected-postalcode': 'ADDRESS_VERIFICATION_FAILURE',
  'cnon:card-nonce-rejected-expiration': 'INVALID_EXPIRATION',
};

export interface WebhookTarget {
  /** The notification URL registered at Square: what is signed, wherever the event is sent. */
  notificationUrl: string;
  signatureKey: string;
  /** Sends one event (tests: through app.inject); resolves to the HTTP status. */
  send(body: string, headers: Record<string, string>): Promise<number>;
}

export interface SquareEvent {
  merchant_id: string;
  type: string;
  event_id: string;
  created_at: string;
  data: { type: string; id: string; object: Record<string, unknown> };
}

/** Square's webhook signature: base64 HMAC-SHA256 over the notification URL followed by the body. */
export const signSquareEvent = (signatureKey: string, notificationUrl: string, body: string) =>
  createHmac('sha256', signatureKey)
    .update(notificationUrl + body)
    .digest('base64');

export class FakeSquare {
  readonly requests: RecordedRequest[] = [];
  webhooks: WebhookTarget | null = null;
  /** Every event made, in order (delivered or still queued). */
  readonly events: SquareEvent[] = [];
  private queued: SquareEvent[] = [];
  /** Square's timestamps: strictly increasing, so each event's updated_at is newer than the last. */
  private clock = Date.now();
  /** Refunded so far, by Square payment id (a refund beyond the payment's amount is refused). */
  private refunded = new Map<string, number>();
  readonly disputes = new Map<
    string,
    { id: string; paymentId: string; amount: number; state: string; dueAt: string }
  >();
  /** Refunds made, by idempotency key. */
  readonly refunds = new Map<string, { id: string; paymentId: string; amount: number }>();
  /** When set, RefundPayment answers 400 with this error code. */
  refuseRefunds: string | null = null;
  /** Payments created, by idempotency key. */
  readonly charges = new Map<string, { id: string; amount: number }>();
  private server = http.createServer((req, res) => this.handle(req, res));
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The webhook target of an app built by buildTestApp with `squareWebhookConfig` (events through app.inject). */
  webhooksTo(app: FastifyInstance): this {
    this.webhooks = {
      notificationUrl: WEBHOOK_URL,
      signatureKey: WEBHOOK_KEY,
      send: async (body, headers) =>
        (await app.inject({ method: 'POST', url: '/api/square/webhook', headers, payload: body })).statusCode,
    };
    return this;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as RecordedRequest['body'];
      this.requests.push({ path: `${req.method} ${req.url}`, authorization: req.headers.authorization, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method === 'POST' && req.url === '/v2/refunds') return this.refund(body, send);
      if (req.method !== 'POST' || req.url !== '/v2/payments')
        return send(404, { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND' }] });
      const known = this.charges.get(body.idempotency_key);
      if (known) return send(200, this.paymentBody(known, body));
      if (body.source_id === 'fake:timeout') return; // never answers; the client times out
      if (body.source_id === 'fake:charge-then-lost') {
        const lost = { id: `sq-${randomUUID()}`, amount: body.amount_money.amount };
        this.charges.set(body.idempotency_key, lost);
        this.paymentEvents(lost, body);
        return; // charged, but the answer never arrives
      }
      if (body.source_id === 'fake:server-error') {
        return send(500, { errors: [{ category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR', detail: 'boom' }] });
      }
      const code = CARD_ERRORS[body.source_id];
      if (code) {
        this.emit('payment.created', 'payment', {
          payment: this.paymentObject({ id: `sq-${randomUUID()}`, amount: body.amount_money.amount }, body, 'FAILED'),
        });
        return send(400, {
          errors: [{ category: 'PAYMENT_METHOD_ERROR', code, detail: `Authorization error: '${code}'` }],
          payment: { id: randomUUID(), status: 'FAILED' },
        });
      }
      if (body.source_id !== 'cnon:card-nonce-ok') {
        return send(400, {
          errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'INVALID_CARD_DATA', detail: 'bad nonce' }],
        });
      }
      const charge = { id: `sq-${randomUUID()}`, amount: body.amount_money.amount };
      this.charges.set(body.idempotency_key, charge);
      this.paymentEvents(charge, body);
      send(200, this.paymentBody(charge, body));
    });
  }

  private refund(body: RecordedRequest['body'], send: (status: number, payload: unknown) => void) {
    const paymentId = String(body.payment_id);
    if (this.refuseRefunds) {
      return send(400, { errors: [{ category: 'REFUND_ERROR', code: this.refuseRefunds, detail: 'refused' }] });
    }
    const charge = [...this.charges.values()].find((c) => c.id === paymentId);
    if (!charge) {
      return send(404, { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'no payment' }] });
    }
    let refund = this.refunds.get(body.idempotency_key);
    if (!refund) {
      if ((this.refunded.get(paymentId) ?? 0) + body.amount_money.amount > charge.amount) {
        return send(400, {
          errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'REFUND_AMOUNT_INVALID', detail: 'too much' }],
        });
      }
      refund = { id: `sqr-${randomUUID()}`, paymentId, amount: body.amount_money.amount };
      this.refunds.set(body.idempotency_key, refund);
      this.refundEvents(refund, String(body.reason ?? ''));
    }
    send(200, {
      refund: {
        id: refund.id,
        status: 'PENDING',
        payment_id: refund.paymentId,
        amount_money: { amount: refund.amount, currency: body.amount_money.currency },
      },
    });
  }

  /**
   * CreatePayment reached Square and charged, but its answer was lost (as `fake:charge-then-lost`,
   * without a request left hanging): the charge is known by its key and its events are queued.
   */
  chargeLost(request: { idempotencyKey: string; amountPence: number; referenceId: string }): { id: string } {
    const charge = { id: `sq-${randomUUID()}`, amount: request.amountPence };
    this.charges.set(request.idempotencyKey, charge);
    this.paymentEvents(charge, {
      source_id: 'fake:charge-then-lost',
      idempotency_key: request.idempotencyKey,
      amount_money: { amount: request.amountPence, currency: 'GBP' },
      location_id: 'LOCATION123',
      reference_id: request.referenceId,
    });
    return charge;
  }

  /** A refund made in Square's dashboard (all of what is left by default): its events are delivered now. */
  async dashboardRefund(paymentId: string, amount?: number): Promise<{ id: string; statuses: number[] }> {
    const charge = [...this.charges.values()].find((c) => c.id === paymentId);
    if (!charge) throw new Error(`fake Square: no payment ${paymentId}`);
    const left = charge.amount - (this.refunded.get(paymentId) ?? 0);
    const refund = { id: `sqr-${randomUUID()}`, paymentId, amount: amount ?? left };
    if (refund.amount > left) throw new Error('fake Square: refund larger than the payment');
    this.refunds.set(`dashboard-${refund.id}`, refund);
    this.refundEvents(refund, 'Refunded from the dashboard');
    return { id: refund.id, statuses: await this.deliverWebhooks() };
  }

  /** A payment taken in Square's dashboard (not through this site); its events are delivered now. */
  async dashboardPayment(amount: number): Promise<{ id: string; statuses: number[] }> {
    const charge = { id: `sq-${randomUUID()}`, amount };
    this.charges.set(`dashboard-${charge.id}`, charge);
    this.emit('payment.created', 'payment', {
      payment: { ...this.paymentObject(charge, null, 'COMPLETED'), source_type: 'CASH' },
    });
    return { id: charge.id, statuses: await this.deliverWebhooks() };
  }

  /** A cardholder disputes a payment (dispute.created), delivered now. */
  async openDispute(
    paymentId: string,
    options: { state?: string; dueAt?: string; amount?: number } = {},
  ): Promise<{ id: string; statuses: number[] }> {
    const charge = [...this.charges.values()].find((c) => c.id === paymentId);
    const dispute = {
      id: `dp-${randomUUID()}`,
      paymentId,
      amount: options.amount ?? charge?.amount ?? 0,
      state: options.state ?? 'EVIDENCE_REQUIRED',
      dueAt: options.dueAt ?? '2030-01-15T00:00:00.000Z',
    };
    this.disputes.set(dispute.id, dispute);
    this.emit('dispute.created', 'dispute', { dispute: this.disputeObject(dispute) });
    return { id: dispute.id, statuses: await this.deliverWebhooks() };
  }

  /** The dispute moves on (dispute.state.updated), delivered now unless `deliver` is false (then only made: see lastEvent). */
  async updateDispute(disputeId: string, state: string, deliver = true): Promise<number[]> {
    const dispute = this.disputes.get(disputeId);
    if (!dispute) throw new Error(`fake Square: no dispute ${disputeId}`);
    dispute.state = state;
    this.emit('dispute.state.updated', 'dispute', { dispute: this.disputeObject(dispute) });
    if (deliver) return this.deliverWebhooks();
    this.queued.pop();
    return [];
  }

  /** Forgets the queued events without sending them (still in `events`, to send by hand). */
  discardQueued(): void {
    this.queued.length = 0;
  }

  /** Sends the queued events in order; the HTTP statuses. */
  async deliverWebhooks(): Promise<number[]> {
    const batch = this.queued.splice(0);
    const statuses: number[] = [];
    for (const event of batch) statuses.push(await this.send(event));
    return statuses;
  }

  /** Sends one event as Square would (signed), or with `signature` instead (a forgery). */
  async send(event: SquareEvent, options: { signature?: string | null; body?: string } = {}): Promise<number> {
    const target = this.webhooks;
    if (!target) throw new Error('fake Square: no webhook target');
    const body = options.body ?? JSON.stringify(event);
    const signature =
      options.signature === undefined
        ? signSquareEvent(target.signatureKey, target.notificationUrl, body)
        : options.signature;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature !== null) headers['x-square-hmacsha256-signature'] = signature;
    return target.send(body, headers);
  }

  /** The last event made of this type (for replays and re-orderings). */
  lastEvent(type: string): SquareEvent {
    const event = this.events.findLast((e) => e.type === type);
    if (!event) throw new Error(`fake Square: no ${type} event`);
    return event;
  }

  /** The same change under a new event id (Square sends some changes more than once). */
  again(event: SquareEvent): SquareEvent {
    return { ...event, event_id: randomUUID() };
  }

  private tick(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  private emit(type: string, dataType: string, object: Record<string, unknown>) {
    const inner = object[dataType] as { id: string };
    const event: SquareEvent = {
      merchant_id: 'FAKE-MERCHANT',
      type,
      event_id: randomUUID(),
      created_at: new Date(this.clock).toISOString(),
      data: { type: dataType, id: inner.id, object },
    };
    this.events.push(event);
    this.queued.push(event);
  }

  private paymentObject(charge: { id: string; amount: number }, body: RecordedRequest['body'] | null, status: string) {
    return {
      id: charge.id,
      status,
      amount_money: { amount: charge.amount, currency: 'GBP' },
      ...(body?.reference_id ? { reference_id: body.reference_id } : {}),
      location_id: 'LOCATION123',
      created_at: new Date(this.clock).toISOString(),
      updated_at: this.tick(),
    };
  }

  /** Square's events for a card payment taken with autocomplete: created (approved), then updated (completed). */
  private paymentEvents(charge: { id: string; amount: number }, body: RecordedRequest['body']) {
    this.emit('payment.created', 'payment', { payment: this.paymentObject(charge, body, 'APPROVED') });
    this.emit('payment.updated', 'payment', { payment: this.paymentObject(charge, body, 'COMPLETED') });
  }

  /** Square's events for a refund: created (pending), then updated (completed). */
  private refundEvents(refund: { id: string; paymentId: string; amount: number }, reason: string) {
    this.refunded.set(refund.paymentId, (this.refunded.get(refund.paymentId) ?? 0) + refund.amount);
    for (const [type, status] of [
      ['refund.created', 'PENDING'],
      ['refund.updated', 'COMPLETED'],
    ] as const) {
      this.emit(type, 'refund', {
        refund: {
          id: refund.id,
          status,
          amount_money: { amount: refund.amount, currency: 'GBP' },
          payment_id: refund.paymentId,
          reason,
          updated_at: this.tick(),
        },
      });
    }
  }

  private disputeObject(dispute: { id: string; paymentId: string; amount: number; state: string; dueAt: string }) {
    return {
      id: dispute.id,
      dispute_id: dispute.id,
      state: dispute.state,
      reason: 'NOT_AS_DESCRIBED',
      amount_money: { amount: dispute.amount, currency: 'GBP' },
      due_at: dispute.dueAt,
      disputed_payment: { payment_id: dispute.paymentId },
      card_brand: 'VISA',
      updated_at: this.tick(),
    };
  }

  private paymentBody(charge: { id: string; amount: number }, body: RecordedRequest['body']) {
    return {
      payment: {
        id: charge.id,
        status: 'COMPLETED',
        amount_money: { amount: charge.amount, currency: body.amount_money.currency },
        location_id: body.location_id,
      },
    };
  }
}

/** The app's settings for SQUARE_ENVIRONMENT=sandbox against this fake (the official `square` package on loopback). */
export const squareSandboxConfig = (square: FakeSquare) => ({
  SQUARE_ENVIRONMENT: 'sandbox',
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-test',
  SQUARE_LOCATION_ID: 'LOCATION123',
  SQUARE_ACCESS_TOKEN: 'EAAA-test-access-token',
  SQUARE_API_URL: square.url,
});

/** A Square provider of the app (the official SDK) against this fake, with its own SDK timeout. */
export const squareSandboxProvider = (square: FakeSquare, timeoutSeconds: number) =>
  new SquareApiProvider({
    environment: 'sandbox',
    accessToken: squareSandboxConfig(square).SQUARE_ACCESS_TOKEN,
    locationId: squareSandboxConfig(square).SQUARE_LOCATION_ID,
    baseUrl: square.url,
    timeoutSeconds,
  });
