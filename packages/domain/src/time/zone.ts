/*
 * UTC offsets of IANA zones, read from Intl and kept as a table of transitions. No zone library:
 * the browser and Node both carry the tz database, so the web app reads local times with the same
 * code as the server.
 *
 * Intl gives one offset in about 10 µs, and a year of four daily doses needs
 * thousands of offsets. Zone rules do not change while a process runs, so each zone is sampled once
 * per span of time: one offset every SAMPLE_STEP, and where two samples differ a binary search
 * finds the exact second of the transition. Afterwards an offset is a lookup.
 *
 * A period shorter than SAMPLE_STEP between two transitions would go unseen; the shortest one in
 * the tz database since 1990 lasts 7 days (Brazil, October 2000).
 */

const SECOND = 1000;
const SAMPLE_STEP = 2 * 86_400_000;
const SPAN = 32 * SAMPLE_STEP; // 64 days per cached span
const MAX_CACHED_SPANS = 20_000;

interface Span {
  /** Offset in minutes at the span's start. */
  first: number;
  /** Instants (ms, whole seconds) from which a new offset applies, in order. */
  at: number[];
  offsets: number[];
}

/** Reads the wall clock of an instant in one zone, and from it the zone's offset. */
interface IntlZone {
  offset(instant: number): number;
}

const zones = new Map<string, IntlZone>();
const spans = new Map<string, Map<number, Span>>();
let cachedSpans = 0;

/**
 * The offset in minutes of an Intl zone at an instant: its wall clock (to the second, read as if it
 * were UTC) minus the instant (to the second).
 */
function intlZone(name: string): IntlZone {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: name,
    hourCycle: 'h23',
    era: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return {
    offset(instant: number): number {
      const p = { era: 'AD', year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
      for (const part of format.formatToParts(instant)) {
        if (part.type === 'era') p.era = part.value;
        else if (part.type in p) (p as Record<string, number | string>)[part.type] = Number(part.value);
      }
      const year = p.era === 'BC' || p.era === 'B' ? 1 - p.year : p.year;
      const wall = new Date(Date.UTC(2000, p.month - 1, p.day, p.hour % 24, p.minute, p.second));
      wall.setUTCFullYear(year);
      const second = instant - (((instant % SECOND) + SECOND) % SECOND);
      // Not rounded: before standard time a zone's offset had seconds (Berlin's LMT was +00:53:28).
      return (wall.getTime() - second) / 60_000;
    },
  };
}

/** The zone of an IANA name, or a RangeError when the runtime does not know it. */
function zoneOf(name: string): IntlZone {
  let zone = zones.get(name);
  if (!zone) {
    try {
      if (!name) throw new RangeError('empty');
      zone = intlZone(name);
    } catch {
      throw new RangeError(`Unknown time zone '${name}'`);
    }
    zones.set(name, zone);
  }
  return zone;
}

/** True when the runtime knows this IANA zone name. */
export function isKnownZone(name: string): boolean {
  // Building an Intl.DateTimeFormat takes about 1 ms: ask once per name.
  try {
    zoneOf(name);
    return true;
  } catch {
    return false;
  }
}

function buildSpan(zone: IntlZone, index: number): Span {
  const start = index * SPAN;
  const span: Span = { first: zone.offset(start), at: [], offsets: [] };
  let before = span.first;
  for (let t = start; t < start + SPAN; t += SAMPLE_STEP) {
    const next = t + SAMPLE_STEP;
    const after = zone.offset(next);
    if (after === before) continue;
    // The offset at `lo` is `before`, at `hi` it is not: narrow to one second.
    let lo = t / SECOND;
    let hi = next / SECOND;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (zone.offset(mid * SECOND) === before) lo = mid;
      else hi = mid;
    }
    if (hi * SECOND < start + SPAN) {
      span.at.push(hi * SECOND);
      span.offsets.push(zone.offset(hi * SECOND));
    }
    before = after;
  }
  return span;
}

/** The UTC offset in minutes of zone `name` at `instant` (epoch ms): +60 for Berlin in winter. */
export function offsetMinutes(name: string, instant: number): number {
  let table = spans.get(name);
  if (!table) {
    zoneOf(name);
    table = new Map();
    spans.set(name, table);
  }
  const index = Math.floor(instant / SPAN);
  let span = table.get(index);
  if (!span) {
    if (cachedSpans >= MAX_CACHED_SPANS) {
      clearZoneCache();
      table = new Map();
      spans.set(name, table);
    }
    span = buildSpan(zoneOf(name), index);
    table.set(index, span);
    cachedSpans++;
  }
  let offset = span.first;
  for (let i = 0; i < span.at.length; i++) {
    if (instant < (span.at[i] as number)) break;
    offset = span.offsets[i] as number;
  }
  return offset;
}

/** Forgets every cached offset (for measurements of a cold start; never needed for correctness). */
export function clearZoneCache(): void {
  spans.clear();
  cachedSpans = 0;
}
