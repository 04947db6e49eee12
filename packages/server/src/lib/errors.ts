import type { FieldError } from '@dosedot/domain';

/** An error that becomes a JSON answer `{error:{status,name,message,details}}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const validationError = (message: string, errors: FieldError[] = []) =>
  new HttpError(400, 'ValidationError', message, { errors });

/**
 * A 400 for one field, named the way the contract names it; `code` (ERROR_CODES) lets the web show
 * its own text instead of the English message.
 */
export const fieldError = (field: string, message: string, code?: string) =>
  validationError(message, [{ path: [field], message, name: 'ValidationError', ...(code ? { code } : {}) }]);

/** A 400 for one field of a Strapi-style `{data: {...}}` body. */
export const dataFieldError = (field: string, message: string) =>
  validationError(message, [{ path: ['data', field], message, name: 'ValidationError' }]);

export const unauthorized = (message = 'Missing or invalid credentials') =>
  new HttpError(401, 'UnauthorizedError', message);

export const forbidden = (message = 'Forbidden') => new HttpError(403, 'ForbiddenError', message);

export const notFound = (message = 'Not Found') => new HttpError(404, 'NotFoundError', message);

export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    'RateLimitError',
    `Too many attempts, please try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`,
    { retryAfter: retryAfterSeconds },
  );

const NAMES: Record<number, string> = {
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  406: 'NotAcceptableError',
  408: 'RequestTimeoutError',
  409: 'ConflictError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  429: 'RateLimitError',
  431: 'RequestHeaderFieldsTooLargeError',
  503: 'ServiceUnavailableError',
};

export const errorNameFor = (status: number) =>
  NAMES[status] ?? (status >= 500 ? 'InternalServerError' : 'ApplicationError');
