import { addDays } from '@dosedot/domain/time';
import { useCallback } from 'react';
import { useQueryState } from '../../../hooks/use-address-state';
import type { DateRange } from '../api/keys';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Days the sensor charts show when no range is chosen. */
export const SENSOR_DEFAULT_DAYS = 7;
/** The longest range the sensor charts ask for at once (the storage alarm's limit). */
export const SENSOR_MAX_DAYS = 92;
export type SensorRangeProblem = 'startAfterEnd' | 'tooLong' | null;

/** The sensor charts' range in the address (?sfrom&sto), checked before it is sent. */
export function useSensorRange(today: string) {
  const [params, change] = useQueryState();
  const read = (name: string) => {
    const v = params.get(name);
    return v && DATE.test(v) ? v : undefined;
  };
  const to = read('sto') ?? today;
  const from = read('sfrom') ?? addDays(to, -(SENSOR_DEFAULT_DAYS - 1));
  const range: DateRange = { from, to };
  const problem = sensorRangeProblem(range);
  const set = useCallback(
    (next: Partial<DateRange>) =>
      change(
        (p) => {
          if (next.from !== undefined) p.set('sfrom', next.from);
          if (next.to !== undefined) p.set('sto', next.to);
          return p;
        },
        { replace: true },
      ),
    [change],
  );
  return { range, problem, set };
}

export function sensorRangeProblem({ from, to }: DateRange): SensorRangeProblem {
  if (from > to) return 'startAfterEnd';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return days > SENSOR_MAX_DAYS ? 'tooLong' : null;
}
