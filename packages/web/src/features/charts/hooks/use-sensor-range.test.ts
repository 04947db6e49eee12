import { describe, expect, it } from 'vitest';
import { sensorRangeProblem } from './use-sensor-range';

describe('sensor chart range', () => {
  it('refuses a start after the end and more than 92 days, and takes one day', () => {
    expect(sensorRangeProblem({ from: '2026-01-10', to: '2026-01-01' })).toBe('startAfterEnd');
    expect(sensorRangeProblem({ from: '2026-01-01', to: '2026-04-03' })).toBe('tooLong');
    expect(sensorRangeProblem({ from: '2026-01-01', to: '2026-04-02' })).toBeNull();
    expect(sensorRangeProblem({ from: '2026-01-01', to: '2026-01-01' })).toBeNull();
  });
});
