import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergePresses } from './merge';

const T = Date.parse('2025-03-10T08:00:00Z');
const s = (seconds: number): number => T + seconds * 1000;

describe('mergePresses', () => {
  it('merges a press 59 s after the first', () => {
    expect(mergePresses([s(0), s(59)])).toEqual([s(0)]);
  });

  it('merges a press exactly 60 s after the first', () => {
    expect(mergePresses([s(0), s(60)])).toEqual([s(0)]);
  });

  it('keeps a press 61 s after the first', () => {
    expect(mergePresses([s(0), s(61)])).toEqual([s(0), s(61)]);
  });

  it('anchors a group on its first press, not the last one', () => {
    expect(mergePresses([s(0), s(50), s(100)])).toEqual([s(0), s(100)]);
    expect(mergePresses([s(0), s(30), s(60), s(90), s(120), s(150)])).toEqual([s(0), s(90)]);
  });

  it('sorts first and leaves its input alone', () => {
    const presses = [s(200), s(0), s(59), s(130)];
    expect(mergePresses(presses)).toEqual([s(0), s(130), s(200)]);
    expect(presses).toEqual([s(200), s(0), s(59), s(130)]);
    expect(mergePresses([])).toEqual([]);
    expect(mergePresses([s(0), s(0)])).toEqual([s(0)]);
  });

  it('keeps group starts more than 60 s apart, each press within 60 s after its kept press', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 600_000 }), { maxLength: 40 }), (presses) => {
        const kept = mergePresses(presses);
        for (let i = 1; i < kept.length; i++) {
          expect((kept[i] as number) - (kept[i - 1] as number)).toBeGreaterThan(60_000);
        }
        for (const press of presses) {
          const group = kept.filter((k) => k <= press).at(-1);
          expect(group).toBeDefined();
          expect(press - (group as number)).toBeLessThanOrEqual(60_000);
        }
        for (const k of kept) expect(presses).toContain(k);
        expect(mergePresses(kept)).toEqual(kept);
      }),
    );
  });
});
