import { describe, expect, it } from 'vitest';
import { formatAgo, formatShare } from './format';

/** ICU's spaces (no-break, narrow no-break) differ between versions: compared as plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('the patient list formats', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('says how long ago, in the largest whole unit, in the page language', () => {
    expect(plain(formatAgo('2026-11-25T09:00:00Z', 'en', now))).toBe('3 hr. ago');
    expect(plain(formatAgo('2026-11-23T12:00:00Z', 'de', now))).toBe('vorgestern');
    expect(plain(formatAgo('2026-11-25T11:50:00Z', 'fr', now))).toBe('il y a 10 min');
    expect(plain(formatAgo('2026-11-25T11:59:50Z', 'en', now))).toBe('now');
  });

  it('writes a share as a whole percentage', () => {
    expect(plain(formatShare(0.65, 'en'))).toBe('65%');
    expect(plain(formatShare(13 / 20, 'de'))).toBe('65 %');
    expect(plain(formatShare(2 / 3, 'fr'))).toBe('67 %');
  });
});
