import { SENSOR_DEFAULT_PAGE_SIZE, SENSOR_SORT_FIELDS, type SensorSortField } from '@dosedot/domain';

/*
 * The Devices page's list in its address (issue 24 items 2 and 10): ?q= search, ?holder=assigned|free,
 * ?service=now|soon, ?silent=<hours>, ?battery=<percent>, ?sort=<field>[:desc], ?page, ?size. A reload
 * or the back button gives the same list. A value the page does not offer is read as "any", so an
 * edited address never sends the server a query it refuses.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const HOLDER_FILTERS = ['all', 'assigned', 'free'] as const;
export const SERVICE_FILTERS = ['all', 'now', 'soon'] as const;
/** Silent for more than … hours. */
export const SILENT_FILTERS = [24, 48, 72, 168] as const;
/** Battery below … %. */
export const BATTERY_FILTERS = [10, 25, 50] as const;
/** The columns the page sorts by (SENSOR_SORT_FIELDS less the id). */
export const SORTABLE = SENSOR_SORT_FIELDS.filter((f) => f !== 'id' && f !== 'name');
export type SortField = (typeof SORTABLE)[number];

export interface DeviceListParams {
  q: string;
  holder: (typeof HOLDER_FILTERS)[number];
  service: (typeof SERVICE_FILTERS)[number];
  /** Hours, or null for any. */
  silent: number | null;
  /** Percent, or null for any. */
  battery: number | null;
  sort: { field: SortField; direction: 'asc' | 'desc' } | null;
  page: number;
  pageSize: number;
}

const oneOf = <T extends string | number>(choices: readonly T[], value: string | null, fallback: T): T =>
  choices.find((c) => String(c) === value) ?? fallback;

const numberOf = (choices: readonly number[], value: string | null) =>
  choices.find((c) => String(c) === value) ?? null;

/** The list the address asks for. */
export function readListParams(params: URLSearchParams): DeviceListParams {
  const [field, direction] = (params.get('sort') ?? '').split(':');
  const sortField = (SORTABLE as readonly string[]).includes(field ?? '') ? (field as SortField) : null;
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    holder: oneOf(HOLDER_FILTERS, params.get('holder'), 'all'),
    service: oneOf(SERVICE_FILTERS, params.get('service'), 'all'),
    silent: numberOf(SILENT_FILTERS, params.get('silent')),
    battery: numberOf(BATTERY_FILTERS, params.get('battery')),
    sort: sortField ? { field: sortField, direction: direction === 'desc' ? 'desc' : 'asc' } : null,
    page: Number.isSafeInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    pageSize: oneOf(PAGE_SIZES, params.get('size'), SENSOR_DEFAULT_PAGE_SIZE as 25),
  };
}

/** The address of a list: only what differs from the defaults. */
export function writeListParams(p: DeviceListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.q) out.set('q', p.q);
  if (p.holder !== 'all') out.set('holder', p.holder);
  if (p.service !== 'all') out.set('service', p.service);
  if (p.silent !== null) out.set('silent', String(p.silent));
  if (p.battery !== null) out.set('battery', String(p.battery));
  if (p.sort) out.set('sort', p.sort.direction === 'desc' ? `${p.sort.field}:desc` : p.sort.field);
  if (p.page !== 1) out.set('page', String(p.page));
  if (p.pageSize !== SENSOR_DEFAULT_PAGE_SIZE) out.set('size', String(p.pageSize));
  return out;
}

/** Whether the list is narrowed by a search or a filter (the empty text says so). */
export const isFiltered = (p: DeviceListParams) =>
  p.q !== '' || p.holder !== 'all' || p.service !== 'all' || p.silent !== null || p.battery !== null;

/** The search and filters in the API's syntax (contract/sensor.ts), for the list and the export. */
export function filterQuery(p: DeviceListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.q)
    (['deveui', 'serial_number', 'name', 'holder'] as const).forEach((field, i) => {
      out.set(`filters[$or][${i}][${field}][$containsi]`, p.q);
    });
  if (p.holder !== 'all') out.set('filters[assigned][$eq]', String(p.holder === 'assigned'));
  if (p.service !== 'all') out.set('filters[service][$eq]', p.service);
  if (p.silent !== null) out.set('filters[silent_hours][$gt]', String(p.silent));
  if (p.battery !== null) out.set('filters[battery][$lt]', String(p.battery));
  const sort: SensorSortField = p.sort?.field ?? 'id';
  out.set('sort[0]', p.sort?.direction === 'desc' ? `${sort}:desc` : sort);
  return out;
}

/** GET /api/sensory-summaries' query of one page. */
export function listQuery(p: DeviceListParams): string {
  const q = filterQuery(p);
  q.set('pagination[page]', String(p.page));
  q.set('pagination[pageSize]', String(p.pageSize));
  return q.toString();
}
