import { commonPasswordCheck, type PasswordProblem, passwordProblem } from '@dosedot/domain/password';

/*
 * The strength meter's judge. zxcvbn-ts and its dictionaries (about 400 KB) load only when a
 * password field of the sign-up or reset page is first used, never with the sign-in page. The rules
 * are the server's (domain/password, the same `passwords-common` list through the same check), so
 * the meter refuses exactly what the server refuses; the score only advises.
 */

export type Strength =
  | { kind: 'refused'; problem: PasswordProblem }
  /** zxcvbn's score: 0-1 weak, 2 fair, 3 good, 4 strong. */
  | { kind: 'accepted'; score: 0 | 1 | 2 | 3 | 4 };

export interface StrengthJudge {
  judge(password: string, person: { email?: string; name?: string }): Strength;
}

let loading: Promise<StrengthJudge> | undefined;

/** Loads zxcvbn-ts once (later calls share the promise). */
export function loadStrengthJudge(): Promise<StrengthJudge> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ]);
    const zxcvbn = new ZxcvbnFactory({
      dictionary: common.dictionary,
      graphs: common.adjacencyGraphs,
      useLevenshteinDistance: true,
    });
    const isCommon = commonPasswordCheck(common.dictionary['passwords-common']);
    return {
      judge(password, person) {
        const problem = passwordProblem(password, person, isCommon);
        if (problem) return { kind: 'refused', problem };
        const inputs = [person.email ?? '', ...(person.name ?? '').split(/\s+/)].filter(Boolean);
        return { kind: 'accepted', score: zxcvbn.check(password, inputs).score };
      },
    };
  })();
  // A failed download may be retried at the next keystroke.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
