import { describe, expect, it } from 'vitest';
import { toLocalIso } from '../time/local';
import { doseInstances, groupIntakes, intakesOf } from './instances';
import type { MedicineSchedule } from './types';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const med = (id: string, times: string[], startDate: string | null = null, endDate: string | null = null) =>
  ({ id, startDate, endDate, times }) satisfies MedicineSchedule;
const local = (instants: { scheduledAt: number }[], zone = BERLIN) =>
  instants.map((i) => toLocalIso(i.scheduledAt, zone));

describe('doseInstances', () => {
  it('makes one instance per date and time within the medicine dates, both ends included', () => {
    const instances = doseInstances(med('a', ['08:00', '20:00'], '2025-01-02', '2025-01-03'), BERLIN, {
      from: '2025-01-01',
      to: '2025-01-10',
    });
    expect(local(instances)).toEqual([
      '2025-01-02T08:00:00.000+01:00',
      '2025-01-02T20:00:00.000+01:00',
      '2025-01-03T08:00:00.000+01:00',
      '2025-01-03T20:00:00.000+01:00',
    ]);
    expect(instances[0]).toMatchObject({ medicineId: 'a', date: '2025-01-02', time: '08:00' });
  });

  it('bounds an ongoing medicine by the range asked', () => {
    const instances = doseInstances(med('a', ['08:00:00.000'], '2024-06-01'), BERLIN, {
      from: '2025-01-01',
      to: '2025-01-03',
    });
    expect(instances.map((i) => i.date)).toEqual(['2025-01-01', '2025-01-02', '2025-01-03']);
  });

  it('makes none for an as-needed medicine or dates outside the range', () => {
    expect(doseInstances(med('b', []), BERLIN, { from: '2025-01-01', to: '2025-12-31' })).toEqual([]);
    const late = med('a', ['08:00'], '2025-02-01');
    expect(doseInstances(late, BERLIN, { from: '2025-01-01', to: '2025-01-31' })).toEqual([]);
  });

  it('moves a time in the spring gap forward and takes the earlier of a repeated time', () => {
    const spring = doseInstances(med('a', ['02:30']), BERLIN, { from: '2025-03-30', to: '2025-03-30' });
    expect(local(spring)).toEqual(['2025-03-30T03:30:00.000+02:00']);
    const autumn = doseInstances(med('a', ['02:30']), BERLIN, { from: '2025-10-26', to: '2025-10-26' });
    expect(local(autumn)).toEqual(['2025-10-26T02:30:00.000+02:00']);
    const ny = doseInstances(med('a', ['01:30']), NEW_YORK, { from: '2025-11-02', to: '2025-11-02' });
    expect(local(ny, NEW_YORK)).toEqual(['2025-11-02T01:30:00.000-04:00']);
  });

  it('rejects a bad time', () => {
    expect(() => doseInstances(med('a', ['8:00']), BERLIN, { from: '2025-01-01', to: '2025-01-01' })).toThrow(
      RangeError,
    );
  });
});

describe('intakes', () => {
  it('joins two medicines at one time into one intake', () => {
    const intakes = intakesOf([med('a', ['08:00', '20:00']), med('b', ['08:00'])], BERLIN, {
      from: '2025-01-01',
      to: '2025-01-01',
    });
    expect(intakes.map((i) => i.medicineIds)).toEqual([['a', 'b'], ['a']]);
    expect(local(intakes)).toEqual(['2025-01-01T08:00:00.000+01:00', '2025-01-01T20:00:00.000+01:00']);
  });

  it('joins times that meet in a DST gap, listing a medicine once', () => {
    const intakes = intakesOf([med('a', ['02:30', '03:30']), med('b', ['03:30'])], BERLIN, {
      from: '2025-03-30',
      to: '2025-03-30',
    });
    expect(intakes).toHaveLength(1);
    expect(intakes[0]?.medicineIds).toEqual(['a', 'b']);
  });

  it('orders intakes by time', () => {
    const at = (iso: string) => Date.parse(iso);
    const intakes = groupIntakes([
      { medicineId: 1, date: '2025-01-01', time: '20:00', scheduledAt: at('2025-01-01T19:00:00Z') },
      { medicineId: 2, date: '2025-01-01', time: '08:00', scheduledAt: at('2025-01-01T07:00:00Z') },
    ]);
    expect(intakes.map((i) => i.medicineIds)).toEqual([[2], [1]]);
  });
});
