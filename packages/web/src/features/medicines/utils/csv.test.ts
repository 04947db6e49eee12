import { describe, expect, it } from 'vitest';
import { slug, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes fields with separators, quotes and line breaks (RFC 4180)', () => {
    expect(
      toCsv([
        ['Date', 'Note'],
        ['May 1, 2026', 'said "later"'],
        ['x', 'a\nb'],
      ]),
    ).toBe('Date,Note\r\n"May 1, 2026","said ""later"""\r\nx,"a\nb"');
  });

  it('names files after the medicine without accents or spaces', () => {
    expect(slug('Lévothyrox 50 µg')).toBe('levothyrox-50-g');
    expect(slug('***')).toBe('medicine');
  });
});
