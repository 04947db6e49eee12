import { describe, expect, it } from 'vitest';
import { basicInformationSchema } from '../health/schemas';
import { dateRangeQuerySchema } from './adherence';
import { accessLogQuerySchema, impMedicineParamsSchema } from './admin';
import { isIsoInstant, isoDateSchema, MAX_DATE, MAX_ID, MIN_DATE } from './common';
import { idParamsSchema, medicineInputSchema } from './medicine';
import { buttonPressHistoryRequestSchema, sensorChartRequestSchema } from './sensor';
import { storageAlertsQuerySchema } from './storage';
import { MAX_PAGE } from './strapi-query';

/** The paths of the issues of a refused value, or 'ok'. */
const issuesOf = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : (result.error?.issues ?? []).map((i) => i.path.join('.'));
};

const IMPOSSIBLE = [
  '2026-02-30',
  '2026-13-01',
  '2025-02-29',
  '2026-04-31',
  '2026-00-10',
  '2026-01-00',
  '2026-1-01',
];

describe('calendar dates in the contract (issue 21)', () => {
  it('takes real dates only', () => {
    for (const date of ['2026-02-28', '2024-02-29', '2000-02-29', '2026-12-31'])
      expect(isoDateSchema.safeParse(date).success, date).toBe(true);
    for (const date of [...IMPOSSIBLE, '1900-02-29', '', '2026-02-28T00:00Z', 20260228])
      expect(isoDateSchema.safeParse(date).success, String(date)).toBe(false);
  });

  it('names the field of an impossible date in every date field, once', () => {
    for (const date of IMPOSSIBLE) {
      expect(issuesOf(dateRangeQuerySchema, { from: date }), date).toEqual(['from']);
      expect(issuesOf(dateRangeQuerySchema, { to: date }), date).toEqual(['to']);
      expect(issuesOf(storageAlertsQuerySchema, { from: date }), date).toEqual(['from']);
      expect(issuesOf(medicineInputSchema, { name: 'A', start_date: date }), date).toEqual(['start_date']);
      expect(
        issuesOf(medicineInputSchema, { name: 'A', start_date: '2026-01-01', end_date: date }),
        date,
      ).toEqual(['end_date']);
      expect(issuesOf(basicInformationSchema, { date_of_birth: date, gender: 'female' }), date).toEqual([
        'date_of_birth',
      ]);
      expect(
        issuesOf(buttonPressHistoryRequestSchema, { profileId: 1, startDate: date, endDate: '2026-03-01' }),
        date,
      ).toEqual(['startDate']);
      expect(
        issuesOf(sensorChartRequestSchema, {
          data: { deveui: '0011223344556677', startdate: '2026-01-01', enddate: date },
        }),
        date,
      ).toEqual(['data.enddate']);
    }
  });

  it('takes date-times whose every part exists', () => {
    for (const v of ['2026-02-28T10:00Z', '2026-02-28T23:59:59.999+01:00', '2024-02-29T00:00:00-05:30'])
      expect(isIsoInstant(v), v).toBe(true);
    for (const v of [
      '2026-02-30T10:00Z',
      '2026-13-01T10:00Z',
      '2026-01-01T24:00Z',
      '2026-01-01T23:60Z',
      '2026-01-01T23:59:60Z',
      '2026-01-01T10:00+24:00',
      '2026-01-01T10:00',
    ])
      expect(isIsoInstant(v), v).toBe(false);
  });
});

describe('the access log page (issue 21)', () => {
  it('refuses a page no database can skip to, naming the key', () => {
    for (const page of ['1e308', '9007199254740991', String(MAX_PAGE + 1), 'NaN', '-1', '0'])
      expect(issuesOf(accessLogQuerySchema, { 'pagination[page]': page }), page).toEqual([
        'pagination[page]',
      ]);
    expect(accessLogQuerySchema.parse({ 'pagination[page]': String(MAX_PAGE) })['pagination[page]']).toBe(
      MAX_PAGE,
    );
  });
});

describe('ids (issue 21)', () => {
  it('refuses an id past the 32-bit columns, naming the field', () => {
    const tooBig = String(MAX_ID + 1);
    expect(issuesOf(idParamsSchema, { id: tooBig })).toEqual(['id']);
    expect(issuesOf(idParamsSchema, { id: '9007199254740991' })).toEqual(['id']);
    expect(issuesOf(impMedicineParamsSchema, { impUserId: tooBig, medicineId: '1' })).toEqual(['impUserId']);
    expect(
      issuesOf(buttonPressHistoryRequestSchema, {
        profileId: tooBig,
        startDate: '2026-01-01',
        endDate: '2026-01-02',
      }),
    ).toEqual(['profileId']);
    expect(issuesOf(idParamsSchema, { id: String(MAX_ID) })).toBe('ok');
  });
});

describe('the calendar the API takes (issue 21)', () => {
  it('refuses dates whose neighbours are no longer YYYY-MM-DD, naming the field once', () => {
    for (const date of ['0000-01-01', '1899-12-31', '2200-01-01', '9999-12-31']) {
      expect(issuesOf(dateRangeQuerySchema, { to: date }), date).toEqual(['to']);
      expect(issuesOf(storageAlertsQuerySchema, { from: date }), date).toEqual(['from']);
      expect(issuesOf(basicInformationSchema, { date_of_birth: date, gender: 'female' }), date).toEqual([
        'date_of_birth',
      ]);
      expect(
        issuesOf(buttonPressHistoryRequestSchema, {
          profileId: 1,
          startDate: `${date}T10:00Z`,
          endDate: '2026-03-01',
        }),
        date,
      ).toEqual(['startDate']);
    }
    for (const date of [MIN_DATE, MAX_DATE]) expect(isoDateSchema.safeParse(date).success, date).toBe(true);
    expect(issuesOf(dateRangeQuerySchema, { from: 'garbage' })).toEqual(['from']);
  });
});
