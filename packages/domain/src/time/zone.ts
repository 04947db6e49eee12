import { IANAZone } from 'luxon';

/*
 * UTC offsets of IANA zones, read from Luxon and kept as a table of transitions.
 *
 * Luxon asks Intl for every offset (about 10 µs a call), and a year of four daily doses needs
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

const zones = new Map<string, IANAZone>();
const spans = new Map<string, Map<number, Span>>();
let cachedSpans = 0;

/** The Luxon zone of an IANA name, or a RangeError when the runtime does not know it. */
function zoneOf(name: string): IANAZone {
  let zone = zones.get(name);
  if (!zone) {
    if (!IANAZone.isValidZone(name)) throw new RangeError(`Unknown time zone '${name}'`);
    zone = IANAZone.create(name);
    zones.set(name, zone);
  }
  return zone;
}

/** True when the runtime knows this IANA zone name. */
export function isKnownZone(name: string): boolean {
  // Luxon builds an Intl.DateTimeFormat for every check (about 1 ms): ask once per name.
  try {
    zoneOf(name);
    return true;
  } catch {
    return false;
  }
}

function buildSpan(zone: IANAZone, index: number): Span {
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
