import { describe, expect, it } from 'vitest';
import { ListQueryError, parseListQuery } from './strapi-query';

const rules = {
  sortFields: ['id', 'familyname', 'createdAt'] as const,
  filterFields: ['givenname', 'email'] as const,
  populate: ['sensor'],
  maxPageSize: 100,
  defaultPageSize: 25,
};

describe('parseListQuery', () => {
  it('reads the spec call GET /api/profiles?populate[0]=sensor&sort[0]=id', () => {
    expect(parseListQuery({ 'populate[0]': 'sensor', 'sort[0]': 'id' }, rules)).toEqual({
      populate: ['sensor'],
      sort: [{ field: 'id', direction: 'asc' }],
      page: 1,
      pageSize: 25,
      filters: [],
      anyOf: [],
    });
  });

  it('reads several sorts, pagination and both kinds of filters', () => {
    const q = parseListQuery(
      {
        'sort[0]': 'familyname:desc',
        'sort[1]': 'id',
        'pagination[page]': '3',
        'pagination[pageSize]': '10',
        'filters[email][$containsi]': '@example',
        'filters[$or][0][givenname][$containsi]': 'an',
        'filters[$or][1][email][$startsWith]': 'an',
      },
      rules,
    );
    expect(q.sort).toEqual([
      { field: 'familyname', direction: 'desc' },
      { field: 'id', direction: 'asc' },
    ]);
    expect([q.page, q.pageSize]).toEqual([3, 10]);
    expect(q.filters).toEqual([{ field: 'email', operator: '$containsi', value: '@example' }]);
    expect(q.anyOf).toHaveLength(2);
  });

  it('names every key it cannot use', () => {
    try {
      parseListQuery(
        {
          'sort[0]': 'password',
          'pagination[pageSize]': '1000',
          'filters[password][$eq]': 'x',
          'filters[email][$regex]': '.*',
          hack: '1',
        },
        rules,
      );
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ListQueryError);
      expect((err as ListQueryError).errors.map((e) => e.path[0])).toEqual([
        'sort[0]',
        'pagination[pageSize]',
        'filters[password][$eq]',
        'filters[email][$regex]',
        'hack',
      ]);
    }
  });
});
