import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType, z } from 'zod';

export const NUL_MESSAGE = 'Remove the NUL character (U+0000): text cannot contain it';

/** The path of the first text in a validated value that holds U+0000, or undefined. */
function nulPath(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, [...path, i]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = nulPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

const refuseNul = (value: unknown, ctx: z.RefinementCtx) => {
  const path = nulPath(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: NUL_MESSAGE });
};

/**
 * The validator of every route's zod schema (params, query string, body, headers): the contract's
 * schema, and no text with U+0000 anywhere in it. PostgreSQL's text cannot hold that character
 * (a sign-in named "\u0000" failed in the database: a 500), and no field of ours needs it, so it is
 * a 400 naming the field on both engines.
 */
export const contractValidator: FastifySchemaCompiler<ZodType> = (route) =>
  validatorCompiler({ ...route, schema: (route.schema as ZodType).superRefine(refuseNul) });
