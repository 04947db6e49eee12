import type { ProfileListEntry } from '@dosedot/domain';

/*
 * The patient list's search, order and page as GET /api/profiles asks for them (Strapi's syntax,
 * spec section 7): the server searches, sorts and pages, so a long list never comes whole.
 */

/** The columns the list sorts by, each with the server's sort fields (then by id). */
export const SORT_COLUMNS = {
  name: ['familyname', 'givenname'],
  profileuid: ['profileuid'],
  status: ['is_active'],
  language: ['language'],
  createdAt: ['createdAt'],
} as const;
export type SortColumn = keyof typeof SORT_COLUMNS;
export type SortDirection = 'asc' | 'desc';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface ListParams {
  search: string;
  sort: SortColumn;
  direction: SortDirection;
  /** From 1. */
  page: number;
  pageSize: number;
}

export const DEFAULT_PARAMS: ListParams = {
  search: '',
  sort: 'createdAt',
  direction: 'desc',
  page: 1,
  pageSize: 25,
};

/** The fields a search looks in: any of them may hold the words. */
const SEARCH_FIELDS = ['givenname', 'familyname', 'email', 'profileuid'] as const;

/** The query string of GET /api/profiles for these parameters (always with the sensor). */
export function profilesQuery(p: ListParams): string {
  const q = new URLSearchParams();
  q.set('populate[0]', 'sensor');
  SORT_COLUMNS[p.sort].forEach((field, i) => {
    q.set(`sort[${i}]`, p.direction === 'desc' ? `${field}:desc` : field);
  });
  q.set('pagination[page]', String(p.page));
  q.set('pagination[pageSize]', String(p.pageSize));
  const term = p.search.trim();
  if (term)
    SEARCH_FIELDS.forEach((field, i) => {
      q.set(`filters[$or][${i}][${field}][$containsi]`, term);
    });
  return q.toString();
}

/** Reads the list's parameters from the page's URL, ignoring what is not valid. */
export function paramsOf(search: URLSearchParams): ListParams {
  const sort = search.get('sort');
  const direction = search.get('dir');
  const page = Number(search.get('page'));
  const size = Number(search.get('size'));
  return {
    search: search.get('q') ?? '',
    sort: sort && sort in SORT_COLUMNS ? (sort as SortColumn) : DEFAULT_PARAMS.sort,
    direction: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_PARAMS.direction,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PARAMS.pageSize,
  };
}

/** The URL form of the parameters: only what differs from the defaults. */
export function searchOf(p: ListParams): URLSearchParams {
  const s = new URLSearchParams();
  if (p.search) s.set('q', p.search);
  if (p.sort !== DEFAULT_PARAMS.sort) s.set('sort', p.sort);
  if (p.direction !== DEFAULT_PARAMS.direction) s.set('dir', p.direction);
  if (p.page !== 1) s.set('page', String(p.page));
  if (p.pageSize !== DEFAULT_PARAMS.pageSize) s.set('size', String(p.pageSize));
  return s;
}

/** The export's columns: the API's field names, so the file reads the same in every language. */
export const CSV_HEADER = [
  'id',
  'givenname',
  'familyname',
  'email',
  'profileuid',
  'sensor_deveui',
  'is_active',
  'language',
  'createdAt',
] as const;

/** The CSV rows of the patient list: the header, then one row per patient. */
export function patientRows(entries: readonly ProfileListEntry[]): string[][] {
  return [
    [...CSV_HEADER],
    ...entries.map(({ id, attributes: a }) => [
      String(id),
      a.givenname,
      a.familyname,
      a.email,
      a.profileuid,
      a.sensor.data?.attributes.deveui ?? '',
      String(a.is_active),
      a.language,
      a.createdAt,
    ]),
  ];
}
