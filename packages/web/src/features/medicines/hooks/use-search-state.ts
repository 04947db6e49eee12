import { addDays } from '@dosedot/domain/time';
import { useCallback } from 'react';
import { useQueryState } from '../../../hooks/use-address-state';
import type { DateRange } from '../api/keys';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export type RangeProblem = 'startAfterEnd' | 'tooLong' | null;

/** Days the page shows when no range is chosen: the last 30 chart days, as the server does. */
export const DEFAULT_RANGE_DAYS = 30;
/** The longest range one page asks for (the server computes up to 400 days at once). */
export const MAX_RANGE_DAYS = 366;

/**
 * The page's choices kept in the address (?from&to, ?medicine, ?view, ?day, ?month), so a reload or a
 * shared link shows the same thing; quick changes build on each other. An invalid range is reported,
 * never sent to the server.
 */
export function useSearchState(today: string) {
  const [params, change] = useQueryState();
  const read = (name: string, valid: RegExp) => {
    const value = params.get(name);
    return value && valid.test(value) ? value : undefined;
  };
  const from = read('from', DATE) ?? addDays(read('to', DATE) ?? today, -(DEFAULT_RANGE_DAYS - 1));
  const to = read('to', DATE) ?? today;
  const rangeError: RangeProblem = from > to ? 'startAfterEnd' : tooLong(from, to) ? 'tooLong' : null;

  const set = useCallback(
    (changes: Record<string, string | number | undefined>) =>
      change(
        (next) => {
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [change],
  );

  const medicine = Number(params.get('medicine')) || undefined;
  const range: DateRange = { from, to };
  return {
    range,
    rangeError,
    medicine,
    view: params.get('view') ?? undefined,
    day: read('day', DATE),
    month: read('month', /^\d{4}-\d{2}$/),
    set,
  };
}

const tooLong = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1 > MAX_RANGE_DAYS;
