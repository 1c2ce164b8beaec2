import type { Config } from '../config';
import type { Db } from '@server/db/client';
import { OfflineSquareProvider } from './offline-provider';
import type { PaymentProvider } from './provider';
import { SquareApiProvider } from './square-api-provider';

/** The provider the configuration asks for (config.ts guarantees the Square credentials outside offline mode). */
export function createPaymentProvider(square: Config['square'], db: Db): PaymentProvider {
  if (square.environment === 'offline') return new OfflineSquareProvider(db);
  return new SquareApiProvider({
    environment: square.environment,
    accessToken: square.accessToken ?? '',
    locationId: square.locationId ?? '',
    baseUrl: square.apiUrl,
  });
}
