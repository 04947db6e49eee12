import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localToUtc } from '../time';
import {
  type BoxHealth,
  boxTrouble,
  type DueIntake,
  dueNotifications,
  inQuietHours,
  localClock,
  NOTIFY_WITHIN_MS,
  type ReminderSettings,
  USUAL_INTERVAL_MS,
  usualInterval,
} from './due';

const MIN = 60_000;

const settings = (over: Partial<ReminderSettings> = {}): ReminderSettings => ({
  enabledAt: 0,
  timezone: 'Europe/Berlin',
  quietFrom: null,
  quietTo: null,
  missedAfterMinutes: 60,
  caregiverDelayMinutes: 60,
  ...over,
});

const wellBox = (now: number): BoxHealth => ({
  lastUplinkAt: now - 5 * MIN,
  battery: 80,
  intervalMs: 15 * MIN,
});

const pending = (at: number, status: DueIntake['status'] = 'pending'): DueIntake => ({
  scheduledAt: at,
  medicineIds: [1, 2],
  status,
});

const kinds = (due: ReturnType<typeof dueNotifications>) => due.map((d) => `${d.audience}:${d.kind}`);

describe('due notifications', () => {
  // The spring-forward and fall-back days of both zones the issue names.
  const days = [
    ['Europe/Berlin', '2026-03-29'],
    ['Europe/Berlin', '2026-10-25'],
    ['America/New_York', '2026-03-08'],
    ['America/New_York', '2026-11-01'],
  ] as const;

  it.each(days)(
    'reminds at the dosage time in %s on %s, alerts after the window, then the caregivers',
    (zone, date) => {
      // 02:30 does not exist on the spring days (it is 03:30) and is ambiguous on the autumn ones (the earlier).
      for (const time of ['02:30', '08:00', '20:00']) {
        const at = localToUtc(date, time, zone);
        const s = settings({ timezone: zone });
        const intakes = [pending(at)];
        const at_ = (minutes: number) =>
          dueNotifications(intakes, wellBox(at + minutes * MIN), s, [], at + minutes * MIN);
        expect(at_(-1)).toEqual([]);
        expect(kinds(at_(0))).toEqual(['patient:reminder']);
        expect(kinds(at_(59))).toEqual(['patient:reminder']);
        expect(kinds(at_(60))).toEqual(['patient:missed']);
        expect(kinds(at_(119))).toEqual(['patient:missed']);
        expect(kinds(at_(120))).toEqual(['patient:missed', 'caregivers:missed']);
        // The same key each time it is asked: the scheduler sends it once.
        expect(at_(0)[0]?.key).toBe(at_(30)[0]?.key);
        expect(at_(60)[0]?.key).toBe(at_(90)[0]?.key);
      }
    },
  );

  it('says nothing about a dose already taken, confirmed by hand or not tracked', () => {
    const at = Date.UTC(2026, 5, 1, 8);
    for (const status of ['taken', 'by_hand', 'not_tracked'] as const)
      for (const minutes of [0, 30, 60, 150])
        expect(
          dueNotifications([pending(at, status)], wellBox(at), settings(), [], at + minutes * MIN),
        ).toEqual([]);
  });

  it('says nothing about doses before notifications were switched on, or older than the limit', () => {
    const at = Date.UTC(2026, 5, 1, 8);
    expect(
      dueNotifications([pending(at)], wellBox(at), settings({ enabledAt: at + 1 }), [], at + 5 * MIN),
    ).toEqual([]);
    const late = at + NOTIFY_WITHIN_MS + 1;
    expect(dueNotifications([pending(at, 'missed')], wellBox(late), settings(), [], late)).toEqual([]);
  });

  it('tells a silent box or an empty battery apart from a missed dose', () => {
    const at = Date.UTC(2026, 5, 1, 8);
    const now = at + 61 * MIN;
    const silent: BoxHealth = { lastUplinkAt: at - 40 * MIN, battery: 80, intervalMs: 15 * MIN };
    expect(kinds(dueNotifications([pending(at)], silent, settings(), [], now))).toEqual([
      'patient:box_offline',
    ]);
    const never: BoxHealth = { lastUplinkAt: null, battery: null, intervalMs: 15 * MIN };
    expect(kinds(dueNotifications([pending(at)], never, settings(), [], now))).toEqual([
      'patient:box_offline',
    ]);
    const flat: BoxHealth = { lastUplinkAt: now - MIN, battery: 3, intervalMs: 15 * MIN };
    expect(kinds(dueNotifications([pending(at)], flat, settings(), [], now))).toEqual([
      'patient:box_battery',
    ]);
    // One lost uplink is ordinary: 29 minutes of silence at a 15-minute interval is still a well box.
    const oneLost: BoxHealth = { lastUplinkAt: now - 29 * MIN, battery: 80, intervalMs: 15 * MIN };
    expect(kinds(dueNotifications([pending(at)], oneLost, settings(), [], now))).toEqual(['patient:missed']);
    // No box at all: the patient confirms by hand, and a dose without one is missed.
    expect(kinds(dueNotifications([pending(at)], null, settings(), [], now))).toEqual(['patient:missed']);
  });

  it('reminds again when a snooze ends, and not while it runs', () => {
    const at = Date.UTC(2026, 5, 1, 8);
    const snooze = { scheduledAt: at, until: at + 12 * MIN };
    expect(dueNotifications([pending(at)], wellBox(at), settings(), [snooze], at + 5 * MIN)).toEqual([]);
    const again = dueNotifications([pending(at)], wellBox(at), settings(), [snooze], at + 12 * MIN);
    expect(kinds(again)).toEqual(['patient:reminder']);
    const first = dueNotifications([pending(at)], wellBox(at), settings(), [], at);
    expect(again[0]?.key).not.toBe(first[0]?.key);
    // A snooze of another dose changes nothing here.
    const other = { scheduledAt: at + 1, until: at + 30 * MIN };
    expect(dueNotifications([pending(at)], wellBox(at), settings(), [other], at)[0]?.key).toBe(first[0]?.key);
  });

  it('keeps quiet hours (spanning midnight, in the local time across DST) and reminds when they end', () => {
    const zone = 'Europe/Berlin';
    const s = settings({ timezone: zone, quietFrom: '22:00', quietTo: '07:00', missedAfterMinutes: 90 });
    for (const date of ['2026-03-29', '2026-10-25', '2026-06-01']) {
      const at = localToUtc(date, '06:30', zone);
      expect(dueNotifications([pending(at)], wellBox(at), s, [], at)).toEqual([]);
      const seven = localToUtc(date, '07:00', zone);
      expect(kinds(dueNotifications([pending(at)], wellBox(seven), s, [], seven))).toEqual([
        'patient:reminder',
      ]);
      // Alerts are not held back: a missed dose is told when it is missed.
      expect(inQuietHours(localToUtc(date, '23:15', zone), s)).toBe(true);
      expect(inQuietHours(localToUtc(date, '12:00', zone), s)).toBe(false);
    }
  });

  it('quiet hours are local wall time, whatever the instant (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }),
        fc.constantFrom('Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC'),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 23 }),
        (instant, timezone, fromH, toH) => {
          const quietFrom = `${String(fromH).padStart(2, '0')}:00`;
          const quietTo = `${String(toH).padStart(2, '0')}:00`;
          const [h] = localClock(instant, timezone).split(':').map(Number) as [number];
          const expected =
            fromH === toH ? false : fromH < toH ? h >= fromH && h < toH : h >= fromH || h < toH;
          expect(inQuietHours(instant, { timezone, quietFrom, quietTo })).toBe(expected);
        },
      ),
    );
  });

  it("learns the box's usual interval from its uplinks", () => {
    expect(usualInterval([])).toBe(USUAL_INTERVAL_MS);
    expect(usualInterval([0, 10 * MIN])).toBe(USUAL_INTERVAL_MS);
    expect(usualInterval([0, 10 * MIN, 20 * MIN, 30 * MIN, 70 * MIN])).toBe(10 * MIN);
    expect(usualInterval([30 * MIN, 0, 20 * MIN, 10 * MIN])).toBe(10 * MIN);
    expect(boxTrouble({ lastUplinkAt: 0, battery: null, intervalMs: 10 * MIN }, 21 * MIN)).toBe(
      'box_offline',
    );
    expect(boxTrouble({ lastUplinkAt: 0, battery: null, intervalMs: 10 * MIN }, 20 * MIN)).toBeNull();
  });
});
