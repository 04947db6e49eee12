import {
  AHV_MESSAGE,
  AXIS_MESSAGE,
  EMAIL,
  NOTES_MAX,
  PHONE_MESSAGE,
  POSITIVE,
  REQUIRED,
} from '@dosedot/domain/health';

/** A catalog key and the values it names. */
export interface MessageText {
  key: string;
  values?: Record<string, string>;
}

/** The shared schemas' messages (spec section 5, in English) by their catalog key. */
const EXACT: Record<string, string> = {
  [REQUIRED]: 'validation.required',
  [EMAIL]: 'validation.email',
  [POSITIVE]: 'healthData.validation.positive',
  [PHONE_MESSAGE]: 'healthData.validation.phone',
  [NOTES_MAX]: 'healthData.validation.notesMax',
  [AHV_MESSAGE]: 'healthData.validation.ahv',
  [AXIS_MESSAGE]: 'healthData.validation.axis',
  'In steps of 0.25': 'healthData.validation.quarterSteps',
};

/** Messages that name their limits. */
const PATTERNS: [RegExp, string, string[]][] = [
  [/^At most (\d+) characters$/, 'validation.tooLong', ['max']],
  [/^At most (\d+) entries$/, 'healthData.validation.maxEntries', ['max']],
  [/^At most (-?[\d.]+)$/, 'healthData.validation.atMost', ['max']],
  [/^Between (-?[\d.]+) and (-?[\d.]+)$/, 'healthData.validation.between', ['min', 'max']],
];

/**
 * The catalog text for a message of the shared health schemas (the forms' resolver and the
 * server's 400 answers speak the same English), so German and French users read their language.
 */
export function messageText(message: string): MessageText {
  const exact = EXACT[message];
  if (exact) return { key: exact };
  for (const [pattern, key, names] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return { key: 'healthData.validation.invalid' };
}
