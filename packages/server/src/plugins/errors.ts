import type { FieldError } from '@dosedot/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { constraintViolation, describeViolation } from '../lib/constraints';
import { errorNameFor, HttpError } from '../lib/errors';

function send(reply: FastifyReply, status: number, name: string, message: string, details: unknown = {}) {
  return reply.status(status).type('application/json; charset=utf-8').send({
    data: null,
    error: { status, name, message, details },
  });
}

/** Turns the validation issues of a zod schema into named fields. */
function fieldErrors(error: FastifyError & { validation: unknown[] }): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.validation as {
    keyword: string;
    instancePath: string;
    message: string;
    params?: { keys?: string[]; params?: { code?: unknown } };
  }[]) {
    const base = issue.instancePath.split('/').filter(Boolean);
    if (issue.keyword === 'unrecognized_keys' && issue.params?.keys) {
      for (const key of issue.params.keys) {
        out.push({
          path: [...base, key],
          message: `Unknown field: ${key}`,
          name: 'ValidationError',
          code: 'unrecognized_keys',
        });
      }
    } else {
      // The web's texts key on the code: a refinement's own (ERROR_CODES) or zod's issue code.
      const own = issue.params?.params?.code;
      const code = typeof own === 'string' ? own : issue.keyword;
      out.push({ path: base, message: issue.message, name: 'ValidationError', code });
    }
  }
  return out;
}

/**
 * One error handler for the whole API: every failure is Strapi's JSON error shape; 5xx details
 * (and stack traces) are logged with the request, never sent.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.status === 429 || error.details.retryAfter !== undefined)
        reply.header('retry-after', String(error.details.retryAfter ?? 60));
      return send(reply, error.status, error.errorName, error.message, error.details);
    }
    const violation = constraintViolation(error);
    if (violation) {
      const answer = describeViolation(violation);
      request.log.info({ err: error }, 'constraint violation');
      const details = answer.path
        ? {
            errors: [
              {
                path: answer.path,
                message: answer.message,
                name: 'ValidationError',
                ...(answer.code ? { code: answer.code } : {}),
              },
            ],
          }
        : {};
      return send(reply, answer.status, errorNameFor(answer.status), answer.message, details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error);
      const where = error.validationContext ?? 'body';
      const fields = errors.map((e) => e.path.join('.') || where).join(', ');
      const message =
        errors.length === 1 ? `${fields}: ${errors[0]?.message}` : `Invalid ${where}: ${fields}`;
      return send(reply, 400, 'ValidationError', message, { errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large'
          : error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
            ? 'Malformed JSON in request body'
            : error.message;
      request.log.info({ err: error }, 'client error');
      return send(reply, status, errorNameFor(status), message);
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, 'InternalServerError', 'Internal Server Error');
  });
}

export { send as sendError };

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Errors of the connection before any request exists (a malformed request line, headers too
 * large, a body that arrives too slowly): written to the socket in the API's error shape, with
 * the security headers, and the connection closed.
 */
export function clientErrorResponse(
  err: { code?: string },
  securityHeaders: Record<string, string>,
): string | undefined {
  if (err.code === 'ECONNRESET' || err.code === 'EPIPE') return undefined;
  const status =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message =
    status === 408
      ? 'The request took too long to arrive'
      : status === 431
        ? 'Request headers are too large'
        : 'Malformed request';
  const body = JSON.stringify({
    data: null,
    error: { status, name: errorNameFor(status), message, details: {} },
  });
  const headers = {
    ...securityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  return `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n${body}`;
}
