/**
 * A small fake of Square's CreatePayment HTTP API on loopback, for the API-mode provider tests.
 * It dedupes on idempotency_key as Square does, and counts real charges. Source ids choose the
 * behaviour: Square's sandbox test tokens, plus `fake:timeout` (never answers in time),
 * `fake:server-error` (500) and `fake:charge-then-lost` (charges, then never answers: a crash or a lost
 * answer). A key it already charged gets that payment again, whatever the source, as Square's
 * idempotency does: this is how the reconciler replays CreatePayment.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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

export class FakeSquare {
  readonly requests: RecordedRequest[] = [];
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
        this.charges.set(body.idempotency_key, { id: `sq-${randomUUID()}`, amount: body.amount_money.amount });
        return; // charged, but the answer never arrives
      }
      if (body.source_id === 'fake:server-error') {
        return send(500, { errors: [{ category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR', detail: 'boom' }] });
      }
      const code = CARD_ERRORS[body.source_id];
      if (code) {
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
      send(200, this.paymentBody(charge, body));
    });
  }

  private refund(body: RecordedRequest['body'], send: (status: number, payload: unknown) => void) {
    const paymentId = String(body.payment_id);
    if (this.refuseRefunds) {
      return send(400, { errors: [{ category: 'REFUND_ERROR', code: this.refuseRefunds, detail: 'refused' }] });
    }
    if (![...this.charges.values()].some((c) => c.id === paymentId)) {
      return send(404, { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'no payment' }] });
    }
    let refund = this.refunds.get(body.idempotency_key);
    if (!refund) {
      refund = { id: `sqr-${randomUUID()}`, paymentId, amount: body.amount_money.amount };
      this.refunds.set(body.idempotency_key, refund);
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
