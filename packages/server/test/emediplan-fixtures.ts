import { readFileSync } from 'node:fs';

/** A code of the domain's eMediplan fixtures (packages/domain/src/emediplan/fixtures, SOURCES.md there). */
const fixtureCode = (path: string) =>
  (
    JSON.parse(
      readFileSync(new URL(`../../domain/src/emediplan/fixtures/${path}`, import.meta.url), 'utf8'),
    ) as {
      code: string;
    }
  ).code;

/** The CHMED16A example of the specification: Maxima Matter, born 1981-01-12, six medicaments by Pharmacode. */
export const SPEC_CHMED16A = fixtureCode('chmed16a/spec-example-compressed.json');
