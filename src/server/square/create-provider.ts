import type { Config } from '../config';
import type { Db } from '@server/db/client';
import { OfflineSquareProvider } from './offline-provider';
import type { PaymentProvider } from './provider';

/** The provider the configuration asks for (config.ts guarantees the Square credentials outside offline mode). */
export function createPaymentProvider(square: Config['square'], db: Db): PaymentProvider {
  const environment = square.environment;
  if (environment === 'offline') return new OfflineSquareProvider(db);
  // Imported only here: loading Square's SDK is a large share of a server's start (docs/perf), which
  // a server in offline mode (development, the tests) need not spend. It starts loading now.
  const provider = import('./api-provider').then(
    ({ SquareApiProvider }) =>
      new SquareApiProvider({
        environment,
        accessToken: square.accessToken ?? '',
        locationId: square.locationId ?? '',
        baseUrl: square.apiUrl,
      }),
  );
  return {
    charge: async (request) => (await provider).charge(request),
    refund: async (handle, request) => (await provider).refund(handle, request),
    reconcile: async (handle, request) => (await provider).reconcile(handle, request),
  };
}
