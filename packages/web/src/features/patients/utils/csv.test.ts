import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('the patient CSV', () => {
  it('quotes separators, quotes and line breaks (RFC 4180) with CRLF between rows', () => {
    expect(
      toCsv([
        ['a', 'b,c'],
        ['say "hi"', 'two\nlines'],
      ]),
    ).toBe('a,"b,c"\r\n"say ""hi""","two\nlines"');
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+41 79')).toBe("'+41 79");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@sum')).toBe("'@sum");
    expect(csvField('Müller-Lüdenscheidt')).toBe('Müller-Lüdenscheidt');
    expect(csvField('')).toBe('');
  });
});
