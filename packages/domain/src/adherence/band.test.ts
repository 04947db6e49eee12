import { describe, expect, it } from 'vitest';
import { bandOf, dotStatusOf, intakeStatus } from './band';

const MIN = 60_000;
const H = 60 * MIN;

describe('bandOf', () => {
  it('puts |Δ| <= 30 min on time, either side', () => {
    expect(bandOf(0)).toBe('on_time');
    expect(bandOf(30 * MIN)).toBe('on_time');
    expect(bandOf(-30 * MIN)).toBe('on_time');
  });

  it('puts 30 min < |Δ| <= 2 h at about 1 hour', () => {
    expect(bandOf(30 * MIN + 1)).toBe('about_1h');
    expect(bandOf(-2 * H)).toBe('about_1h');
    expect(bandOf(2 * H)).toBe('about_1h');
  });

  it('puts |Δ| > 2 h at more than 2 hours', () => {
    expect(bandOf(2 * H + 1)).toBe('over_2h');
    expect(bandOf(-4 * H)).toBe('over_2h');
  });
});

describe('intakeStatus', () => {
  const at = Date.parse('2025-03-10T07:00:00Z');

  it('is taken with a press, whatever the time', () => {
    expect(intakeStatus(at, at - H, at - 2 * H)).toBe('taken');
  });

  it('is pending in the future and while the 4 h window is open', () => {
    expect(intakeStatus(at, null, at - H)).toBe('pending');
    expect(intakeStatus(at, null, at + 4 * H)).toBe('pending');
  });

  it('is missed once the window has fully passed', () => {
    expect(intakeStatus(at, null, at + 4 * H + 1)).toBe('missed');
  });

  it('is missed when its chart day has ended, even within 4 h', () => {
    const dayEnd = at + 2 * H;
    expect(intakeStatus(at, null, dayEnd - 1, dayEnd)).toBe('pending');
    expect(intakeStatus(at, null, dayEnd, dayEnd)).toBe('missed');
  });
});

describe('dotStatusOf', () => {
  it('is the band of a taken dose, else its status', () => {
    expect(dotStatusOf({ status: 'taken', band: 'about_1h' })).toBe('about_1h');
    expect(dotStatusOf({ status: 'taken', band: null })).toBe('on_time');
    expect(dotStatusOf({ status: 'missed', band: null })).toBe('missed');
    expect(dotStatusOf({ status: 'pending', band: null })).toBe('pending');
  });
});
