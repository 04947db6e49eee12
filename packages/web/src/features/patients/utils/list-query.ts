import type { ProfileListEntry } from '@dosedot/domain';

/*
 * The patient list's search, order and page as GET /api/profiles asks for them (Strapi's syntax,
 * spec section 7): the server searches, sorts and pages, so a long list never comes whole.
 */

/** The columns the list sorts by, each with the server's sort fields (then by id). */
export const SORT_COLUMNS = {
  name: ['familyname', 'givenname'],
  email: ['email'],
  profileuid: ['profileuid'],
  sensor: ['sensor'],
  battery: ['battery'],
  lastUplink: ['last_uplink_at'],
  lastSignIn: ['last_sign_in_at'],
  adherence: ['adherence_7d'],
  missedToday: ['missed_today'],
  status: ['is_active'],
  language: ['language'],
  createdAt: ['createdAt'],
} as const;
export type SortColumn = keyof typeof SORT_COLUMNS;
export type SortDirection = 'asc' | 'desc';

/** The columns each table shows and sorts by, in their order (a phone's entries show them under their names). */
export const TABLE_COLUMNS = {
  full: ['name', 'sensor', 'battery', 'lastUplink', 'lastSignIn', 'adherence', 'missedToday'],
  compact: ['name', 'sensor', 'status', 'language', 'createdAt'],
} as const satisfies Record<string, readonly SortColumn[]>;

/**
 * What a phone offers as the order (it has no headers to click): each table's columns, and the full
 * table's default order, by creation, which has no column of its own there.
 */
export const ORDER_COLUMNS = {
  full: [...TABLE_COLUMNS.full, 'createdAt'],
  compact: TABLE_COLUMNS.compact,
} as const satisfies Record<keyof typeof TABLE_COLUMNS, readonly SortColumn[]>;

/** Each shown column's name in the catalog. */
export const COLUMN_LABEL_KEYS = {
  name: 'patients.columns.name',
  sensor: 'patients.listing.columns.box',
  battery: 'patients.listing.columns.battery',
  lastUplink: 'patients.listing.columns.lastUplink',
  lastSignIn: 'patients.listing.columns.lastSignIn',
  adherence: 'patients.listing.columns.adherence',
  missedToday: 'patients.listing.columns.missedToday',
  status: 'patients.columns.status',
  language: 'patients.columns.language',
  createdAt: 'patients.columns.created',
} as const satisfies Partial<Record<SortColumn, string>>;

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Who the list shows: patients by default (administrators are not patients), or administrators, or all. */
export const ROLE_FILTERS = ['patients', 'admins', 'all'] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];
export const STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const BOX_FILTERS = ['all', 'with', 'without'] as const;
export type BoxFilter = (typeof BOX_FILTERS)[number];

export interface ListParams {
  search: string;
  role: RoleFilter;
  status: StatusFilter;
  box: BoxFilter;
  sort: SortColumn;
  direction: SortDirection;
  /** From 1. */
  page: number;
  pageSize: number;
}

export const DEFAULT_PARAMS: ListParams = {
  search: '',
  role: 'patients',
  status: 'all',
  box: 'all',
  sort: 'createdAt',
  direction: 'desc',
  page: 1,
  pageSize: 25,
};

/** The fields a search looks in (the server ignores accents and case): any of them may hold the words. */
const SEARCH_FIELDS = ['name', 'email', 'profileuid'] as const;

/** The query string of GET /api/profiles for these parameters (always with the sensor). */
export function profilesQuery(p: ListParams): string {
  const q = new URLSearchParams();
  q.set('populate[0]', 'sensor');
  SORT_COLUMNS[p.sort].forEach((field, i) => {
    q.set(`sort[${i}]`, p.direction === 'desc' ? `${field}:desc` : field);
  });
  q.set('pagination[page]', String(p.page));
  q.set('pagination[pageSize]', String(p.pageSize));
  if (p.role !== 'all') q.set('filters[profiletype][$eq]', p.role === 'admins' ? 'admin' : 'basic');
  if (p.status !== 'all') q.set('filters[is_active][$eq]', String(p.status === 'active'));
  if (p.box !== 'all') q.set('filters[has_sensor][$eq]', String(p.box === 'with'));
  const term = p.search.trim();
  if (term)
    SEARCH_FIELDS.forEach((field, i) => {
      q.set(`filters[$or][${i}][${field}][$containsi]`, term);
    });
  return q.toString();
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** Reads the list's parameters from the page's URL, ignoring what is not valid. */
export function paramsOf(search: URLSearchParams): ListParams {
  const sort = search.get('sort');
  const page = Number(search.get('page'));
  const size = Number(search.get('size'));
  return {
    search: search.get('q') ?? '',
    role: oneOf(ROLE_FILTERS, search.get('role'), DEFAULT_PARAMS.role),
    status: oneOf(STATUS_FILTERS, search.get('status'), DEFAULT_PARAMS.status),
    box: oneOf(BOX_FILTERS, search.get('box'), DEFAULT_PARAMS.box),
    sort: sort && sort in SORT_COLUMNS ? (sort as SortColumn) : DEFAULT_PARAMS.sort,
    direction: oneOf(['asc', 'desc'] as const, search.get('dir'), DEFAULT_PARAMS.direction),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PARAMS.pageSize,
  };
}

/** The URL form of the parameters: only what differs from the defaults. */
export function searchOf(p: ListParams): URLSearchParams {
  const s = new URLSearchParams();
  if (p.search) s.set('q', p.search);
  if (p.role !== DEFAULT_PARAMS.role) s.set('role', p.role);
  if (p.status !== DEFAULT_PARAMS.status) s.set('status', p.status);
  if (p.box !== DEFAULT_PARAMS.box) s.set('box', p.box);
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
