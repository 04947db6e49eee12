/** Letters that NFKD leaves whole, as their base letter. */
const UNDECOMPOSED: Record<string, string> = { ø: 'o', đ: 'd', ł: 'l', ı: 'i' };

/**
 * The form a text is searched in, on both engines alike (issue 24 item 3): Unicode compatibility
 * decomposition, the combining marks removed (ü → u, ë → e, é → e), ß as ss, lower case, runs of
 * white space as one space. 'Müller' and 'MULLER' fold to 'muller', 'Zoë' and 'zoe' to 'zoe'.
 * The databases apply the same rule as the SQL function `dosedot_fold(text)` (registered on each
 * SQLite connection; created by a migration on PostgreSQL), so `dosedot_fold(column) LIKE
 * containsPattern(term)` finds a name however it was typed, without an engine extension.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[øđłı]/g, (c) => UNDECOMPOSED[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}

/** A LIKE pattern that finds `term` anywhere in a folded column (`escape '\'`). */
export function containsPattern(term: string): string {
  return `%${foldForSearch(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
