/**
 * The form a text is searched in, on both engines alike (issue 24 item 3): Unicode compatibility
 * decomposition, the combining marks removed (ü → u, ë → e, é → e), ß as ss, lower case, runs of
 * white space as one space. 'Müller' and 'MULLER' fold to 'muller', 'Zoë' and 'zoe' to 'zoe'.
 * Stored beside the text it folds (a `*_folded` column, written with the text) and applied to the
 * search term, so a plain LIKE finds it without an engine extension.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A LIKE pattern that finds `term` anywhere in a folded column (`escape '\'`). */
export function containsPattern(term: string): string {
  return `%${foldForSearch(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
