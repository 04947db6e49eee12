import { describe, expect, it } from 'vitest';
import { filterQuery, isFiltered, listQuery, readListParams, writeListParams } from './list-params';

const read = (s: string) => readListParams(new URLSearchParams(s));

describe('the Devices list in the address', () => {
  it('reads the defaults from an empty address', () => {
    expect(read('')).toEqual({
      q: '',
      holder: 'all',
      service: 'all',
      silent: null,
      battery: null,
      sort: null,
      page: 1,
      pageSize: 25,
    });
  });

  it('reads and writes back every choice', () => {
    const s =
      'q=M%C3%BCller&holder=free&service=soon&silent=48&battery=25&sort=battery%3Adesc&page=3&size=50';
    const p = read(s);
    expect(p).toEqual({
      q: 'Müller',
      holder: 'free',
      service: 'soon',
      silent: 48,
      battery: 25,
      sort: { field: 'battery', direction: 'desc' },
      page: 3,
      pageSize: 50,
    });
    expect(writeListParams(p).toString()).toBe(s);
    expect(isFiltered(p)).toBe(true);
  });

  it('reads a value it does not offer as the default', () => {
    expect(read('holder=x&service=later&silent=5&battery=abc&sort=password&page=-2&size=7')).toEqual(
      read(''),
    );
    expect(read('page=1e9').page).toBe(1);
    expect(isFiltered(read('sort=holder'))).toBe(false);
  });

  it('asks the API for the search on four fields and the filters in its syntax', () => {
    const p = read('q=zoe&holder=assigned&service=now&silent=24&battery=10&sort=holder&page=2&size=10');
    expect(Object.fromEntries(filterQuery(p))).toEqual({
      'filters[$or][0][deveui][$containsi]': 'zoe',
      'filters[$or][1][serial_number][$containsi]': 'zoe',
      'filters[$or][2][name][$containsi]': 'zoe',
      'filters[$or][3][holder][$containsi]': 'zoe',
      'filters[assigned][$eq]': 'true',
      'filters[service][$eq]': 'now',
      'filters[silent_hours][$gt]': '24',
      'filters[battery][$lt]': '10',
      'sort[0]': 'holder',
    });
    expect(listQuery(read(''))).toBe('sort%5B0%5D=id&pagination%5Bpage%5D=1&pagination%5BpageSize%5D=25');
  });
});
