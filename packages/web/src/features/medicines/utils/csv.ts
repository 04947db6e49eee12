/** One CSV field: quoted when it holds a separator, a quote or a line break (RFC 4180). */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** RFC 4180 text with CRLF line ends. */
export const toCsv = (rows: readonly (readonly string[])[]): string =>
  rows.map((row) => row.map(field).join(',')).join('\r\n');

/** Offers a text as a file download; the BOM lets spreadsheet programs read the accents right. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(new Blob(['\uFEFF', text], { type }), fileName);
}

export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name part from a medicine name: letters, digits and dashes. */
export const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'medicine';
