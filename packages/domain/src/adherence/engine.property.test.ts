import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyDailyTimesMedicines } from '../posology/arbitraries';
import { chartDayWindow } from './chart-day';
import { MATCH_WINDOW_MS } from './constants';
import { computeAdherence, nextStatusChange } from './engine';
import { mergePresses } from './merge';

const H = 3_600_000;
const medicines = anyDailyTimesMedicines;

describe('computeAdherence properties', () => {
  it('accounts for every merged press once and keeps each pair on its chart day within 4 h', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Europe/Berlin', 'America/New_York'),
        medicines,
        fc.array(fc.integer({ min: 0, max: 120 * 60 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 6 * 24 }),
        (timezone, meds, pressMinutes, nowHours) => {
          const range = { from: '2025-03-27', to: '2025-03-31' };
          const origin = chartDayWindow(range.from, timezone).start;
          const presses = pressMinutes.map((m) => origin + m * 60_000);
          const result = computeAdherence({
            timezone,
            medicines: meds,
            presses,
            range,
            now: origin + nowHours * H,
          });
          const seen: number[] = [];
          for (const day of result.days) {
            for (const intake of day.intakes) {
              expect(intake.scheduledAt).toBeGreaterThanOrEqual(day.start);
              expect(intake.scheduledAt).toBeLessThan(day.end);
              if (intake.press === null) continue;
              seen.push(intake.press);
              expect(intake.press).toBeGreaterThanOrEqual(day.start);
              expect(intake.press).toBeLessThan(day.end);
              expect(Math.abs(intake.deltaMs ?? Number.NaN)).toBeLessThanOrEqual(MATCH_WINDOW_MS);
            }
            seen.push(...day.unmatched);
            expect(day.taken + day.missed + day.pending).toBe(day.scheduled);
          }
          const end = result.days.at(-1)?.end ?? origin;
          const merged = mergePresses(presses).filter((p) => p >= origin && p < end);
          expect(seen.sort((a, b) => a - b)).toEqual(merged);
          expect(result.totals.scheduled).toBe(result.days.reduce((n, d) => n + d.scheduled, 0));
          expect(result.totals.unmatched + result.totals.taken).toBe(merged.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  // The server keeps an answer for the minute it was computed in (server plugins/answers.ts): every
  // instant at which an answer changes with the clock alone lies on a whole minute, so two instants
  // of one minute, its first millisecond apart (the server neither keeps nor serves then), give the
  // same answer, across the DST changes.
  it('gives the same answer at any two instants of one minute (but its first millisecond)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Europe/Berlin', 'America/New_York', 'Asia/Kathmandu'),
        medicines,
        fc.array(fc.integer({ min: 0, max: 120 * 60 * 60 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 6 * 24 * 60 }),
        fc.integer({ min: 1, max: 59_999 }),
        fc.integer({ min: 1, max: 59_999 }),
        (timezone, meds, pressSeconds, nowMinute, a, b) => {
          const range = { from: '2025-03-27', to: '2025-03-31' };
          const origin = chartDayWindow(range.from, timezone).start;
          const minute = origin + nowMinute * 60_000;
          // Presses at any second, all stored before the minute (a later one changes the data).
          const presses = pressSeconds.map((s) => origin + s * 1000).filter((p) => p < minute);
          const at = (now: number) => computeAdherence({ timezone, medicines: meds, presses, range, now });
          expect(at(minute + a)).toEqual(at(minute + b));
        },
      ),
    );
  });

  // The server keeps an adherence answer until the instant `nextStatusChange` names (plugins/answers.ts
  // `keepUntil`), not merely for its minute: at every instant from `now` to just before it the answer
  // is the one computed at `now`, and at it the answer is another (a dose turned missed). Presses,
  // confirmations by hand and the start of tracking at any second, across the DST changes.
  it('gives the answer computed at now at every instant before nextStatusChange, and another at it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Europe/Berlin', 'America/New_York', 'Asia/Kathmandu'),
        medicines,
        fc.array(fc.integer({ min: 0, max: 120 * 60 * 60 }), { maxLength: 30 }),
        fc.array(fc.record({ medicine: fc.integer({ min: 1, max: 5 }), intake: fc.nat() }), { maxLength: 6 }),
        fc.option(fc.integer({ min: 0, max: 120 * 60 * 60 }), { nil: undefined }),
        fc.integer({ min: 0, max: 6 * 24 * 3_600_000 }),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        (timezone, meds, pressSeconds, confirmed, trackedSecond, nowMs, where) => {
          const range = { from: '2025-03-27', to: '2025-03-31' };
          const origin = chartDayWindow(range.from, timezone).start;
          const now = origin + nowMs;
          // Presses stored before now (a later one is a write, which changes the data's version).
          const presses = pressSeconds.map((s) => origin + s * 1000).filter((p) => p < now);
          const tracked = meds.map((m, i) => ({
            ...m,
            trackedFrom: i === 0 && trackedSecond !== undefined ? origin + trackedSecond * 1000 : null,
          }));
          const input = { timezone, medicines: tracked, presses, range };
          const scheduled = computeAdherence({ ...input, now }).days.flatMap((d) => d.intakes);
          const confirmations = confirmed.flatMap(({ medicine, intake }) => {
            const at = scheduled[intake % Math.max(1, scheduled.length)];
            return at?.medicineIds.includes(medicine)
              ? [{ medicineId: medicine, scheduledAt: at.scheduledAt }]
              : [];
          });
          const at = (instant: number) => computeAdherence({ ...input, confirmations, now: instant });
          const answer = at(now);
          const until = nextStatusChange(answer, now);
          expect(until).toBeGreaterThan(now);
          const last = Math.min(until, origin + 7 * 24 * 3_600_000) - 1;
          expect(at(now + Math.floor(where * (last - now + 1)))).toEqual(answer);
          expect(at(last)).toEqual(answer);
          if (Number.isFinite(until)) expect(at(until)).not.toEqual(answer);
        },
      ),
      { numRuns: 300 },
    );
  });
});
