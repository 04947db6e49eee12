import { describePosology, type PosologyPart } from '@dosedot/domain/posology';
import type { TFunction } from 'i18next';
import type { Language } from '../../../lib/locale';
import { phraseText } from '../../../lib/posology-words';

/** Each part of a posology as one line of words. */
export const posologyLines = (t: TFunction, lang: Language, posology: readonly PosologyPart[]): string[] =>
  describePosology(posology).map((phrases) => phrases.map((p) => phraseText(t, lang, p)).join(' · '));
