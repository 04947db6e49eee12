/*
 * The patient list as CSV (bak_index's export). Names and e-mail addresses are typed by the
 * patients themselves, so a cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage
 * return first) is written with a leading apostrophe (OWASP's CSV injection advice).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: formula starts defused, then quoted when it holds a separator, a quote or a line break (RFC 4180). */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** RFC 4180 text with CRLF line ends. */
export const toCsv = (rows: readonly (readonly string[])[]): string =>
  rows.map((row) => row.map(csvField).join(',')).join('\r\n');

/** Offers a text as a file download; the BOM lets spreadsheet programs read the accents right. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
