import type { ProfileListEntry } from '@dosedot/domain';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';
import { DEFAULT_PARAMS, paramsOf, patientRows, profilesQuery, searchOf } from './list-query';

const decoded = (q: string) => [...new URLSearchParams(q).entries()];

describe('the patient list query', () => {
  it("asks the server in Strapi's syntax for the sensor, the order and one page", () => {
    expect(decoded(profilesQuery(DEFAULT_PARAMS))).toEqual([
      ['populate[0]', 'sensor'],
      ['sort[0]', 'createdAt:desc'],
      ['pagination[page]', '1'],
      ['pagination[pageSize]', '25'],
      // Administrators are not patients: the list shows patients unless asked otherwise.
      ['filters[profiletype][$eq]', 'basic'],
    ]);
    expect(
      decoded(profilesQuery({ ...DEFAULT_PARAMS, role: 'admins', sort: 'adherence', direction: 'asc' })),
    ).toEqual([
      ['populate[0]', 'sensor'],
      ['sort[0]', 'adherence_7d'],
      ['pagination[page]', '1'],
      ['pagination[pageSize]', '25'],
      ['filters[profiletype][$eq]', 'admin'],
    ]);
    expect(
      decoded(
        profilesQuery({
          ...DEFAULT_PARAMS,
          search: ' Müller ',
          role: 'all',
          status: 'inactive',
          box: 'without',
          sort: 'name',
          direction: 'asc',
          page: 3,
          pageSize: 10,
        }),
      ),
    ).toEqual([
      ['populate[0]', 'sensor'],
      ['sort[0]', 'familyname'],
      ['sort[1]', 'givenname'],
      ['pagination[page]', '3'],
      ['pagination[pageSize]', '10'],
      ['filters[is_active][$eq]', 'false'],
      ['filters[has_sensor][$eq]', 'false'],
      ['filters[$or][0][name][$containsi]', 'Müller'],
      ['filters[$or][1][email][$containsi]', 'Müller'],
      ['filters[$or][2][profileuid][$containsi]', 'Müller'],
    ]);
  });

  it('keeps the list state in the URL, with only what differs from the defaults, and ignores nonsense', () => {
    const params = {
      search: 'anna',
      role: 'all',
      status: 'active',
      box: 'with',
      sort: 'lastSignIn',
      direction: 'asc',
      page: 2,
      pageSize: 50,
    } as const;
    expect(searchOf(params).toString()).toBe(
      'q=anna&role=all&status=active&box=with&sort=lastSignIn&dir=asc&page=2&size=50',
    );
    expect(paramsOf(searchOf(params))).toEqual(params);
    expect(searchOf(DEFAULT_PARAMS).toString()).toBe('');
    expect(
      paramsOf(new URLSearchParams('sort=password&dir=up&page=-1&size=7&role=root&status=x&box=1')),
    ).toEqual(DEFAULT_PARAMS);
  });

  it('exports one row per patient under the API field names', () => {
    const entry = (id: number, givenname: string, deveui: string | null): ProfileListEntry => ({
      id,
      attributes: {
        givenname,
        familyname: 'Muster',
        profileuid: `uid-${id}`,
        userid: id + 100,
        email: `p${id}@example.org`,
        sensor: { data: deveui ? { id: 9, attributes: { deveui } } : null },
        is_dark: false,
        is_active: id === 1,
        language: 'de',
        createdAt: '2026-11-20T10:00:00.000Z',
        profiletype: 'basic',
      },
    });
    expect(toCsv(patientRows([entry(1, 'Anna, Maria', '70B3D57ED0000001'), entry(2, '=cmd', null)]))).toBe(
      [
        'id,givenname,familyname,email,profileuid,sensor_deveui,is_active,language,createdAt',
        '1,"Anna, Maria",Muster,p1@example.org,uid-1,70B3D57ED0000001,true,de,2026-11-20T10:00:00.000Z',
        "2,'=cmd,Muster,p2@example.org,uid-2,,false,de,2026-11-20T10:00:00.000Z",
      ].join('\r\n'),
    );
  });
});
