import { ApiError, errorDetail } from '@client/lib/api-client';

/**
 * A 409 says why (course not started, progress below 100 %) when the confirmation was missing, so
 * its detail is shown; any other failure shows the fallback.
 */
export function conflictMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 409 ? errorDetail(error, fallback) : fallback;
}
