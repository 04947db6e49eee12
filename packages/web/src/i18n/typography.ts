/**
 * The typographic rules of docs/writing.md for catalog texts: apostrophes, French spacing, the
 * ellipsis, and German's Swiss spelling (ss, never ß). `typographyProblems` names what is wrong (the catalog test), `fixTypography` mends it
 * (`npm run i18n:typography -w @dosedot/web` runs it over the catalogs).
 */

export type Lang = 'en' | 'de' | 'fr';

/** U+202F narrow no-break space: before ? ! ; and inside « » in French. */
export const NNBSP = '\u202f';
/** U+00A0 no-break space: before : in French, and between a number and its unit. */
export const NBSP = '\u00a0';

const SPACES = `${NNBSP}${NBSP}`;

/** What in `text` breaks the rules for its language; empty when it keeps them. */
export function typographyProblems(text: string, lang: Lang): string[] {
  const problems: string[] = [];
  if (text.includes('...')) problems.push('three dots instead of the ellipsis …');
  if (lang === 'en') {
    // English keeps the spec's straight apostrophe (its texts have it), so no page mixes the two.
    if (/[‘’]/.test(text)) problems.push("a typographic apostrophe ’ in English, where the spec writes '");
    return problems;
  }
  if (text.includes("'")) problems.push("a straight apostrophe ' instead of ’");
  // DoseDot speaks Swiss Standard German, which writes ss where Germany writes ß ("Grösse").
  if (lang === 'de' && text.includes('ß')) problems.push('ß where Swiss spelling writes ss');
  if (lang === 'fr') {
    if (text.includes('"') || /[“”„]/.test(text)) problems.push('quotation marks other than « »');
    for (const m of text.matchAll(/(.?)([?!;»])/g)) {
      if (!SPACES.includes(m[1] ?? '')) problems.push(`no narrow no-break space before “${m[2]}”`);
    }
    // A colon, except inside a time (8:00) or an address (https://).
    for (const m of text.matchAll(/(.?):(?![\d/])/g)) {
      if (!SPACES.includes(m[1] ?? '')) problems.push('no no-break space before “:”');
    }
    for (const m of text.matchAll(/«(.?)/g)) {
      if (!SPACES.includes(m[1] ?? '')) problems.push('no narrow no-break space after “«”');
    }
  }
  return problems;
}

/** The text with the rules applied (apostrophes, French spaces, the ellipsis, German's ss). */
export function fixTypography(text: string, lang: Lang): string {
  let out = text.replaceAll('...', '…');
  if (lang === 'en') return out.replace(/[‘’]/g, "'");
  out = out.replaceAll("'", '’');
  if (lang === 'de') return out.replaceAll('ß', 'ss');
  if (lang !== 'fr') return out;
  return out
    .replace(/"([^"]*)"/g, '«$1»')
    .replace(/\s*([?!;»])/g, `${NNBSP}$1`)
    .replace(/«\s*/g, `«${NNBSP}`)
    .replace(/\s*:(?![\d/])/g, `${NBSP}:`);
}
