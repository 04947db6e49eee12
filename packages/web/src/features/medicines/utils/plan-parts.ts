import { chunkOf, joinChunks } from '@dosedot/domain/emediplan';

/*
 * A plan in several QR codes (CHMED23A.i/n., decision 0014): the import collects the parts as the
 * camera or the photos read them, in any order, until it has all n, then reads the plan they make.
 */

/** The parts read so far of one plan in `count` codes. */
export interface PlanParts {
  count: number;
  /** Each part read, by its place (1 to count). */
  parts: Readonly<Record<number, string>>;
}

/** What a code read adds: a whole plan to read, the parts so far, or every part joined into one code. */
export type Collected =
  | { kind: 'whole'; code: string }
  | { kind: 'partial'; parts: PlanParts; read: number }
  | { kind: 'complete'; code: string };

/**
 * The parts with a code just read added. A code that is no part is a whole plan (read at once, the
 * parts so far let go). A part of another plan (another count, or another text at a place already
 * read) starts over from it; the same part read again changes nothing (the camera sees it twice).
 */
export function collectPart(parts: PlanParts | null, text: string): Collected {
  const chunk = chunkOf(text);
  if (!chunk) return { kind: 'whole', code: text };
  const code = text.trim();
  const same = parts !== null && parts.count === chunk.count;
  const known = same ? parts.parts[chunk.index] : undefined;
  const fresh = !same || (known !== undefined && known !== code);
  const next: PlanParts = {
    count: chunk.count,
    parts: fresh ? { [chunk.index]: code } : { ...parts.parts, [chunk.index]: code },
  };
  const read = Object.keys(next.parts).length;
  if (read < chunk.count) return { kind: 'partial', parts: next, read };
  return { kind: 'complete', code: joinChunks(Object.values(next.parts)) };
}

/**
 * The code of a pasted text: several parts of one plan pasted at once, one a line, joined into the
 * plan's code; anything else as it is (the server names what is wrong with it, a missing part too).
 */
export function pastedCode(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length < 2 || !lines.every((line) => chunkOf(line) !== null)) return text.trim();
  let parts: PlanParts | null = null;
  for (const line of lines) {
    const result = collectPart(parts, line);
    if (result.kind !== 'partial') return result.code;
    parts = result.parts;
  }
  // Parts missing: the first part alone, which the server refuses as one part of several.
  return lines[0] ?? '';
}
