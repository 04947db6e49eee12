/**
 * Splits the full name typed at registration into given and family name: the last word is the
 * family name, everything before it the given name; a single word is a given name only.
 */
export function splitFullName(fullName: string): { givenname: string; familyname: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { givenname: words[0] ?? '', familyname: '' };
  return { givenname: words.slice(0, -1).join(' '), familyname: words[words.length - 1] ?? '' };
}
