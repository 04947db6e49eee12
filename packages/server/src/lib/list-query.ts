import { type ListQuery, ListQueryError, type ListQueryRules, parseListQuery } from '@dosedot/domain';
import { z } from 'zod';
import { validationError } from './errors';

/**
 * Strapi's list query (`pagination[page]`, `sort[0]`, `filters[field][$op]`, `populate[0]`) on our
 * list routes: the raw query string as Fastify parses it, read by the domain's parser.
 */
export const listQuerystringSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
export type ListQuerystring = z.output<typeof listQuerystringSchema>;

/** The list query of a request, or a 400 ValidationError naming the key that is wrong. */
export function listQueryOf<S extends string, F extends string>(
  query: Record<string, string | string[] | undefined>,
  rules: ListQueryRules<S, F>,
): ListQuery<S, F> {
  try {
    return parseListQuery(query, rules);
  } catch (err) {
    if (err instanceof ListQueryError) throw validationError(err.message, err.errors);
    throw err;
  }
}

/** Strapi's `meta.pagination` of a page of `total` entries. */
export function paginationMeta(query: { page: number; pageSize: number }, total: number) {
  return {
    pagination: {
      page: query.page,
      pageSize: query.pageSize,
      pageCount: Math.ceil(total / query.pageSize),
      total,
    },
  };
}
