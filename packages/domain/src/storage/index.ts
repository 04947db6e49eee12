/*
 * The storage alarm (docs/decisions/0006-storage-alarm.md): a medicine may say how it must be kept —
 * a lowest and a highest temperature in °C, a highest relative humidity in %RH, each optional — and
 * the box's readings show when the place it stands in was out of that range.
 */

/** A medicine's storage range; null where the medicine sets no limit. */
export interface StorageRange {
  storage_temp_min: number | null;
  storage_temp_max: number | null;
  storage_humidity_max: number | null;
}

/** Plausible limits for a storage range: a fridge, a cupboard or a warm room, never beyond. */
export const STORAGE_LIMITS = {
  tempMin: -30,
  tempMax: 50,
  humidityMin: 1,
  humidityMax: 100,
} as const;

export const STORAGE_MESSAGES = {
  temperature: `Enter a temperature between ${STORAGE_LIMITS.tempMin} and ${STORAGE_LIMITS.tempMax} °C`,
  humidity: `Enter a humidity between ${STORAGE_LIMITS.humidityMin} and ${STORAGE_LIMITS.humidityMax} %`,
  order: 'The highest temperature must be above the lowest',
} as const;

export type StorageField = keyof StorageRange;

/** The first thing wrong with a range, naming its field; null when it is usable. */
export function checkStorageRange(
  range: Partial<StorageRange>,
): { field: StorageField; message: string } | null {
  const { storage_temp_min: min, storage_temp_max: max, storage_humidity_max: rh } = range;
  const inTemp = (v: number) => v >= STORAGE_LIMITS.tempMin && v <= STORAGE_LIMITS.tempMax;
  if (min != null && !inTemp(min))
    return { field: 'storage_temp_min', message: STORAGE_MESSAGES.temperature };
  if (max != null && !inTemp(max))
    return { field: 'storage_temp_max', message: STORAGE_MESSAGES.temperature };
  if (rh != null && !(rh >= STORAGE_LIMITS.humidityMin && rh <= STORAGE_LIMITS.humidityMax))
    return { field: 'storage_humidity_max', message: STORAGE_MESSAGES.humidity };
  if (min != null && max != null && !(min < max))
    return { field: 'storage_temp_max', message: STORAGE_MESSAGES.order };
  return null;
}

/** Whether the medicine sets any storage limit. */
export const hasStorageRange = (r: StorageRange) =>
  r.storage_temp_min !== null || r.storage_temp_max !== null || r.storage_humidity_max !== null;

export type StorageReason = 'too_cold' | 'too_warm' | 'too_humid';

export interface ClimateReading {
  at: number;
  temperature: number | null;
  humidity: number | null;
  deveui: string;
}

/** A stretch of time out of the range: from the first reading out to the next reading back in. */
export interface OutOfRangeInterval {
  start: number;
  end: number;
  reasons: StorageReason[];
  /** The coldest and warmest temperature and the highest humidity read in it. */
  lowest: number | null;
  highest: number | null;
  humidityHighest: number | null;
  deveui: string;
}

/** Why a reading is out of the range (empty when it is in, or says nothing about a limit). */
export function reasonsOf(r: ClimateReading, range: StorageRange): StorageReason[] {
  const out: StorageReason[] = [];
  if (r.temperature !== null && range.storage_temp_min !== null && r.temperature < range.storage_temp_min)
    out.push('too_cold');
  if (r.temperature !== null && range.storage_temp_max !== null && r.temperature > range.storage_temp_max)
    out.push('too_warm');
  if (r.humidity !== null && range.storage_humidity_max !== null && r.humidity > range.storage_humidity_max)
    out.push('too_humid');
  return out;
}

/**
 * The intervals out of range in readings sorted by time. A reading holds until the next one, but
 * never longer than `maxGapMs` (a box that went silent says nothing about the time after); a change
 * of box or a longer silence ends an interval. The last reading out of range holds for `tailMs`
 * (its reporting interval) unless the range ends first at `until`.
 */
export function outOfRangeIntervals(
  readings: ClimateReading[],
  range: StorageRange,
  opts: { maxGapMs: number; tailMs: number; until: number },
): OutOfRangeInterval[] {
  const intervals: OutOfRangeInterval[] = [];
  let open: OutOfRangeInterval | null = null;
  readings.forEach((r, i) => {
    const next = readings[i + 1];
    const reasons = reasonsOf(r, range);
    if (reasons.length === 0) {
      // Back in range: the stretch ends at this reading (an open one reached it without a silence).
      if (open) intervals.push({ ...open, end: r.at });
      open = null;
      return;
    }
    const continues = next !== undefined && next.deveui === r.deveui && next.at - r.at <= opts.maxGapMs;
    const holdsUntil = Math.min(continues && next ? next.at : r.at + opts.tailMs, opts.until);
    const current: OutOfRangeInterval = open ?? {
      start: r.at,
      end: holdsUntil,
      reasons: [],
      lowest: null,
      highest: null,
      humidityHighest: null,
      deveui: r.deveui,
    };
    for (const reason of reasons) if (!current.reasons.includes(reason)) current.reasons.push(reason);
    if (r.temperature !== null) {
      current.lowest = current.lowest === null ? r.temperature : Math.min(current.lowest, r.temperature);
      current.highest = current.highest === null ? r.temperature : Math.max(current.highest, r.temperature);
    }
    if (r.humidity !== null)
      current.humidityHighest =
        current.humidityHighest === null ? r.humidity : Math.max(current.humidityHighest, r.humidity);
    current.end = holdsUntil;
    open = current;
    // A silence, another box or the end of the readings next: the stretch ends with this reading's time.
    if (!continues) {
      if (current.end > current.start) intervals.push(current);
      open = null;
    }
  });
  return intervals;
}

/** Minutes in the intervals, rounded. */
export const minutesOf = (intervals: { start: number; end: number }[]) =>
  Math.round(intervals.reduce((sum, i) => sum + (i.end - i.start), 0) / 60_000);
