import { type AdherenceInput, computeAdherence, type MedicineSchedule } from '@dosedot/domain/adherence';
import { addDays, clearZoneCache, eachDate, localToUtc } from '@dosedot/domain/time';

/*
 * The adherence engine over one year of one patient: four daily doses (1,460 intakes) and about
 * 1,500 presses with realistic noise from a seeded generator, so every run sees the same history.
 * Run: node --import tsx bench/adherence-engine.ts   (target: median under 20 ms)
 *
 * "cold" is the first call in the process with the zone-offset cache emptied (Intl is asked for the
 * year's offsets); "median"/"p95" are over RUNS calls after WARM_UP calls, as a server sees them.
 */

const WARM_UP = 10;
const RUNS = 30;
const TARGET_MS = 20;
const TIMEZONE = 'Europe/Berlin';
const FROM = '2025-01-01';
const TO = '2025-12-31';
const MIN = 60_000;

/** mulberry32: a small seeded generator, uniform in [0, 1). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Normal deviate (Box–Muller). */
const gaussian = (random: () => number): number =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

function history(): AdherenceInput {
  const random = seeded(20250101);
  const medicines: MedicineSchedule[] = [
    { id: 1, startDate: FROM, endDate: null, times: ['08:00', '13:00', '18:00', '22:00'] },
    { id: 2, startDate: FROM, endDate: null, times: ['08:00'] }, // shares the 08:00 intake
    { id: 3, startDate: FROM, endDate: null, times: [] }, // as needed
  ];
  const presses: number[] = [];
  for (const date of eachDate(FROM, TO)) {
    for (const time of ['08:00', '13:00', '18:00', '22:00']) {
      if (random() < 0.08) continue; // forgotten
      const scheduled = localToUtc(date, time, TIMEZONE);
      // Mostly within half an hour, some an hour or two off.
      const spread = random() < 0.85 ? 12 * MIN : 80 * MIN;
      const press = Math.round(scheduled + 4 * MIN + gaussian(random) * spread);
      presses.push(press);
      if (random() < 0.1) presses.push(press + Math.round(random() * 55_000)); // pressed twice
    }
    if (random() < 0.06)
      presses.push(localToUtc(date, '00:00', TIMEZONE) + Math.round(random() * 86_400_000)); // stray
  }
  return {
    timezone: TIMEZONE,
    medicines,
    presses,
    range: { from: FROM, to: TO },
    now: localToUtc(addDays(TO, 1), '12:00', TIMEZONE),
  };
}

const round = (ms: number): number => Math.round(ms * 1000) / 1000;

function time(input: AdherenceInput): number {
  const start = performance.now();
  computeAdherence(input);
  return performance.now() - start;
}

const input = history();
clearZoneCache();
const cold = time(input);
for (let i = 0; i < WARM_UP; i++) time(input);
const samples = Array.from({ length: RUNS }, () => time(input)).sort((a, b) => a - b);
const median = ((samples[(RUNS - 1) >> 1] ?? 0) + (samples[RUNS >> 1] ?? 0)) / 2;
const p95 = samples[Math.ceil(0.95 * RUNS) - 1] ?? 0;
const result = computeAdherence(input);

const figures = {
  bench: 'adherence-engine',
  days: result.days.length,
  intakes: result.totals.scheduled,
  presses: input.presses.length,
  adherence: round(result.totals.adherence ?? 0),
  onTimeRate: round(result.totals.onTimeRate ?? 0),
  unmatched: result.totals.unmatched,
  runs: RUNS,
  coldMs: round(cold),
  medianMs: round(median),
  p95Ms: round(p95),
  targetMs: TARGET_MS,
  withinTarget: p95 < TARGET_MS,
  node: process.version,
};
console.log(
  `adherence engine, one year (${figures.intakes} intakes, ${figures.presses} presses): ` +
    `median ${figures.medianMs} ms, p95 ${figures.p95Ms} ms over ${RUNS} runs (cold ${figures.coldMs} ms); ` +
    `target < ${TARGET_MS} ms`,
);
console.log(JSON.stringify(figures));
