import { messages } from '@shared/messages';

/** One error type for everything a person may be told. Its message is safe to show. */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503,
    readonly detail: string,
    /** Flags sent beside `detail` for the client to act on (e.g. `totp_required`). */
    readonly flags?: Readonly<Record<string, true>>,
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string) => new AppError(400, detail);
export const unauthorized = (detail: string = messages.common.notSignedIn) => new AppError(401, detail);
export const forbidden = (detail: string = messages.common.forbidden) => new AppError(403, detail);
export const notFound = (detail: string = messages.common.notFound) => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);
