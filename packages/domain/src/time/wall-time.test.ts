import { describe, expect, it } from 'vitest';
import { fromApiDosageTime, msOfDay, parseWallTime, toApiDosageTime } from './wall-time';

describe('wall times', () => {
  it('reads HH:MM, HH:MM:SS and HH:MM:SS.sss', () => {
    expect(parseWallTime('08:05')).toEqual({ hour: 8, minute: 5, second: 0, millisecond: 0 });
    expect(parseWallTime('23:59:58')).toEqual({ hour: 23, minute: 59, second: 58, millisecond: 0 });
    expect(parseWallTime('00:00:00.000')).toEqual({ hour: 0, minute: 0, second: 0, millisecond: 0 });
    expect(parseWallTime('12:30:15.5')?.millisecond).toBe(500);
    expect(msOfDay({ hour: 1, minute: 2, second: 3, millisecond: 4 })).toBe(3_723_004);
  });

  it('rejects anything else', () => {
    for (const bad of ['24:00', '8:00', '12:60', '12:00:60', '', '12', '12:00Z', ' 12:00', '12:00:00.1234']) {
      expect(parseWallTime(bad), bad).toBeNull();
    }
  });

  it('converts between the form shown and the form the API sends', () => {
    expect(toApiDosageTime('08:00')).toBe('08:00:00.000');
    expect(toApiDosageTime('08:00:00.000')).toBe('08:00:00.000');
    expect(fromApiDosageTime('21:30:00.000')).toBe('21:30');
    expect(fromApiDosageTime('21:30')).toBe('21:30');
    expect(() => toApiDosageTime('25:00')).toThrow(RangeError);
  });
});
