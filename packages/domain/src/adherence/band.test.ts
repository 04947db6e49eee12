import { describe, expect, it } from 'vitest';
import { bandOf, doseStatus, dotStatusOf, intakeStatus, intakeStatusOf } from './band';

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

describe('doseStatus', () => {
  const at = Date.parse('2025-03-10T07:00:00Z');
  const end = at + 20 * H;
  const tracked = { byHand: false, trackedFrom: null };

  it('is taken with a press, even before tracking started or when also confirmed by hand', () => {
    expect(doseStatus(at, at + MIN, at + 5 * H, end, { byHand: true, trackedFrom: at + H })).toBe('taken');
  });

  it('is by hand without a press when confirmed, before tracking started too (a back-filled dose)', () => {
    expect(doseStatus(at, null, at + 5 * H, end, { byHand: true, trackedFrom: null })).toBe('by_hand');
    expect(doseStatus(at, null, at + 5 * H, end, { byHand: true, trackedFrom: at + H })).toBe('by_hand');
    // Confirmed ahead of time: by hand at once, like an early press.
    expect(doseStatus(at, null, at - H, end, { byHand: true, trackedFrom: null })).toBe('by_hand');
  });

  it('is not tracked before tracking started, never missed', () => {
    expect(doseStatus(at, null, at + 30 * H, end, { byHand: false, trackedFrom: at + 1 })).toBe(
      'not_tracked',
    );
    expect(doseStatus(at, null, at + 30 * H, end, { byHand: false, trackedFrom: at })).toBe('missed');
  });

  it('is missed or pending as intakeStatus says otherwise', () => {
    expect(doseStatus(at, null, at + 4 * H + 1, end, tracked)).toBe('missed');
    expect(doseStatus(at, null, at + 4 * H, end, tracked)).toBe('pending');
  });
});

describe('intakeStatusOf', () => {
  it('takes a press first, then a dose still missed or pending, then by hand, then not tracked', () => {
    expect(intakeStatusOf(['taken', 'taken'])).toBe('taken');
    expect(intakeStatusOf(['by_hand', 'missed'])).toBe('missed');
    expect(intakeStatusOf(['not_tracked', 'pending'])).toBe('pending');
    expect(intakeStatusOf(['not_tracked', 'by_hand'])).toBe('by_hand');
    expect(intakeStatusOf(['not_tracked'])).toBe('not_tracked');
    expect(intakeStatusOf([])).toBe('pending');
  });
});

describe('dotStatusOf for doses without a press', () => {
  it('shows by hand and not tracked as themselves', () => {
    expect(dotStatusOf({ status: 'by_hand', band: null })).toBe('by_hand');
    expect(dotStatusOf({ status: 'not_tracked', band: null })).toBe('not_tracked');
  });
});
