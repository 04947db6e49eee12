import type { FieldError } from './common';

/*
 * Strapi v4's list query syntax, as the admin pages send it (spec section 7):
 *   populate[0]=sensor  sort[0]=id  sort[1]=familyname:desc  pagination[page]=2  pagination[pageSize]=25
 *   filters[familyname][$containsi]=mül   filters[$or][0][givenname][$containsi]=an&filters[$or][1][email][$containsi]=an
 * The query string arrives with the bracketed keys unparsed ('sort[0]'); this reads them into a
 * plain description, naming the key of anything it cannot use.
 */

export type FilterOperator = '$eq' | '$containsi' | '$startsWith';
export interface Filter<F extends string> {
  field: F;
  operator: FilterOperator;
  value: string;
}

export interface ListQuery<S extends string, F extends string> {
  populate: string[];
  sort: { field: S; direction: 'asc' | 'desc' }[];
  page: number;
  pageSize: number;
  /** All must hold. */
  filters: Filter<F>[];
  /** At least one must hold (when any are given). */
  anyOf: Filter<F>[];
}

export interface ListQueryRules<S extends string, F extends string> {
  sortFields: readonly S[];
  filterFields: readonly F[];
  populate: readonly string[];
  maxPageSize: number;
  defaultPageSize: number;
}

/**
 * The highest page number a list answers (pagination[page]): far past the end of any list we keep,
 * and low enough that its offset, (page - 1) × page size, stays a safe integer on both engines.
 */
export const MAX_PAGE = 1_000_000;

const OPERATORS: readonly FilterOperator[] = ['$eq', '$containsi', '$startsWith'];

export class ListQueryError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => `${e.path.join('.')}: ${e.message}`).join('; '));
  }
}

export function parseListQuery<S extends string, F extends string>(
  query: Record<string, string | string[] | undefined>,
  rules: ListQueryRules<S, F>,
): ListQuery<S, F> {
  const errors: FieldError[] = [];
  const fail = (key: string, message: string) =>
    errors.push({ path: [key], message, name: 'ValidationError' });
  const out: ListQuery<S, F> = {
    populate: [],
    sort: [],
    page: 1,
    pageSize: rules.defaultPageSize,
    filters: [],
    anyOf: [],
  };
  const isSort = (v: string): v is S => (rules.sortFields as readonly string[]).includes(v);
  const isFilter = (v: string): v is F => (rules.filterFields as readonly string[]).includes(v);
  const toFilter = (key: string, field: string, operator: string, value: string): Filter<F> | undefined => {
    if (!isFilter(field)) return void fail(key, `Cannot filter on ${field}`);
    if (!(OPERATORS as readonly string[]).includes(operator))
      return void fail(key, `Unknown operator ${operator}`);
    if (value.length > 100) return void fail(key, 'At most 100 characters');
    return { field, operator: operator as FilterOperator, value };
  };

  const readPopulate = (key: string, value: string) => {
    for (const p of value.split(',')) {
      if (rules.populate.includes(p)) out.populate.push(p);
      else fail(key, `Cannot populate ${p}`);
    }
  };
  const readSort = (key: string, value: string) => {
    for (const part of value.split(',')) {
      const [field = '', dir = 'asc'] = part.split(':');
      if (!isSort(field)) fail(key, `Cannot sort by ${field}`);
      else if (dir !== 'asc' && dir !== 'desc') fail(key, 'Sort direction must be asc or desc');
      else out.sort.push({ field, direction: dir });
    }
  };
  const readPagination = (key: string, which: string, value: string) => {
    // Digits only: Number() also reads '1e308', '0x10' and ' 2 ', and 1e308 is a whole number whose
    // offset no database takes.
    const n = /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 1) fail(key, 'Must be a positive whole number');
    else if (which === 'page') {
      if (n > MAX_PAGE) fail(key, `At most ${MAX_PAGE}`);
      else out.page = n;
    } else if (n > rules.maxPageSize) fail(key, `At most ${rules.maxPageSize}`);
    else out.pageSize = n;
  };

  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? (raw[raw.length - 1] ?? '') : raw;
    const pagination = /^pagination\[(page|pageSize)\]$/.exec(key);
    const anyOf = /^filters\[\$or\]\[(\d+)\]\[(\w+)\]\[(\$\w+)\]$/.exec(key);
    const filter = /^filters\[(\w+)\]\[(\$\w+)\]$/.exec(key);
    if (/^populate(?:\[\d+\])?$/.test(key)) readPopulate(key, value);
    else if (/^sort(?:\[\d+\])?$/.test(key)) readSort(key, value);
    else if (pagination) readPagination(key, pagination[1] ?? '', value);
    else if (anyOf) {
      const f = toFilter(key, anyOf[2] ?? '', anyOf[3] ?? '', value);
      if (f) out.anyOf.push(f);
    } else if (filter) {
      const f = toFilter(key, filter[1] ?? '', filter[2] ?? '', value);
      if (f) out.filters.push(f);
    } else fail(key, `Unknown parameter ${key}`);
  }
  if (errors.length > 0) throw new ListQueryError(errors);
  return out;
}
