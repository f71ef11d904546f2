/** Keys an error may add to the canonical body; they never overwrite `success`, `message`, `error` or `code`. */
export type ErrorExtras = Record<string, unknown>;

/** The one error type domain code throws; the HTTP layer renders it once (http/plugins/errors.ts). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extras: ErrorExtras = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const invalid = (message: string, extras?: ErrorExtras) => new AppError(400, message, extras);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string, extras?: ErrorExtras) => new AppError(403, message, extras);
export const notFound = (message: string, extras?: ErrorExtras) => new AppError(404, message, extras);
export const conflict = (message: string, extras?: ErrorExtras) => new AppError(409, message, extras);
/** A server we depend on (the mail server) refused or could not be reached. */
export const badGateway = (message: string, extras?: ErrorExtras) => new AppError(502, message, extras);
export const tooManyRequests = (message: string) => new AppError(429, message);
export const gone = (message: string) => new AppError(410, message);
