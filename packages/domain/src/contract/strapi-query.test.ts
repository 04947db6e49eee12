import { describe, expect, it } from 'vitest';
import { ListQueryError, MAX_PAGE, parseListQuery } from './strapi-query';

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

describe('pagination', () => {
  const pageError = (query: Record<string, string>) => {
    try {
      parseListQuery(query, rules);
      return undefined;
    } catch (err) {
      return (err as ListQueryError).errors.map((e) => e.path[0]);
    }
  };

  it('refuses page numbers whose offset no database takes, naming the key (issue 21)', () => {
    for (const page of ['1e308', '9007199254740993', '1000001', '0x10', ' 2', '2.0', '-1', '0', 'NaN', ''])
      expect(pageError({ 'pagination[page]': page }), page).toEqual(['pagination[page]']);
    for (const size of ['1e2', '101', '0'])
      expect(pageError({ 'pagination[pageSize]': size }), size).toEqual(['pagination[pageSize]']);
  });

  it('takes every whole page number up to MAX_PAGE', () => {
    expect(parseListQuery({ 'pagination[page]': String(MAX_PAGE) }, rules).page).toBe(MAX_PAGE);
    expect(parseListQuery({ 'pagination[page]': '007' }, rules).page).toBe(7);
  });
});
