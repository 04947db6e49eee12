/*
 * What the import does with a chosen file (issue 27): a photo's and a PDF page's QR codes are read,
 * a plan file's text is the code itself; anything else is refused, naming its type.
 */

export type PlanFileKind = 'image' | 'pdf' | 'text';

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** How a file is read, by its type or else its extension; null when the import reads no such file. */
export function planFileKind(file: Pick<File, 'name' | 'type'>): PlanFileKind | null {
  const type = file.type.toLowerCase();
  const extension = extensionOf(file.name);
  if (type === 'application/pdf' || (type === '' && extension === 'pdf')) return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/json' || type === 'text/plain') return 'text';
  if ((type === '' || type === 'application/octet-stream') && ['json', 'txt'].includes(extension))
    return 'text';
  return null;
}

/** A file's type as the error names it: its extension ('DOCX'), else its media type, else '?'. */
export const fileTypeName = (file: Pick<File, 'name' | 'type'>): string =>
  extensionOf(file.name).toUpperCase() || file.type || '?';
