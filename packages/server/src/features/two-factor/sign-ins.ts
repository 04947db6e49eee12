import { containsPattern, type SignInMethodFilter } from '@dosedot/domain';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/types';

/*
 * The admin's sign-in list (issue 24 item 5): audit-log lines of the sign-in actions, filtered by
 * the account (its name or e-mail, accents and case ignored) and by how the sign-in was made. The
 * method is read from the line's details (JSON text, the same on both engines), as features/auth,
 * features/oidc and features/two-factor write them:
 *   auth.login            {"method":"password"|"password+totp"|"oidc","provider":…|"oidc:<id>+recovery_code"…}
 *   auth.login_failed     {"method":"password"|"oidc","provider":…,"reason":…}
 *   auth.login_challenge  {"method":"password"|"password_reset"|"oidc:<id>"}
 *   auth.2fa_failed       {"method":<the challenge's method>,"reason":"code"|"recovery_code"|…}
 */

/** How a sign-in was made: a method of SIGN_IN_METHOD_FILTERS, or `oidc:<id>` for one provider. */
export type SignInMethod = SignInMethodFilter | `oidc:${string}`;

interface SignInFilter {
  actions: string[];
  /** Part of the account's name or e-mail. */
  user?: string;
  method?: SignInMethod;
}

type Eb = ExpressionBuilder<Database, 'audit_log'>;

/** The details hold `text` (LIKE's own characters taken literally). */
const has = (text: string) =>
  sql<SqlBool>`${sql.ref('details')} like ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;

/** A second-step failure for a wrong code of this kind (its method is the first step's). */
const secondStepFailed = (eb: Eb, reason: string) =>
  eb.and([eb('action', '=', 'auth.2fa_failed'), has(`"reason":"${reason}"`)]);

function methodCondition(eb: Eb, method: SignInMethod): Expression<SqlBool> {
  switch (method) {
    case 'password':
      // Lines written before methods were recorded are password sign-ins.
      return eb.or([eb('details', 'is', null), has('"method":"password"'), has('"method":"password+')]);
    case 'password_reset':
      return has('"method":"password_reset');
    case 'oidc':
      return has('"method":"oidc');
    case 'totp':
      return eb.or([has('+totp"'), secondStepFailed(eb, 'code')]);
    case 'recovery_code':
      return eb.or([has('+recovery_code"'), secondStepFailed(eb, 'recovery_code')]);
    default: {
      const provider = method.slice('oidc:'.length);
      return eb.or([
        eb.and([has('"method":"oidc"'), has(`"provider":"${provider}"`)]),
        has(`"method":"oidc:${provider}"`),
        has(`"method":"oidc:${provider}+`),
      ]);
    }
  }
}

function where(eb: Eb, filter: SignInFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('action', 'in', filter.actions)];
  if (filter.user) {
    const pattern = containsPattern(filter.user);
    conditions.push(
      eb('target_type', '=', 'user'),
      eb(
        'target_id',
        'in',
        eb
          .selectFrom('users')
          .select(sql<string>`cast(${sql.ref('users.id')} as text)`.as('id'))
          .where((u) =>
            u.or([
              sql<SqlBool>`dosedot_fold(${sql.ref('users.username')}) like ${pattern} escape '\\'`,
              sql<SqlBool>`dosedot_fold(${sql.ref('users.email')}) like ${pattern} escape '\\'`,
            ]),
          ),
      ),
    );
  }
  if (filter.method) conditions.push(methodCondition(eb, filter.method));
  return eb.and(conditions);
}

/** One page of the sign-in lines that match, newest first, and how many match in all. */
export async function listSignIns(db: Db, filter: SignInFilter, page: number, pageSize: number) {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) => where(eb, filter))
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const total = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => where(eb, filter))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export type AuditRow = Awaited<ReturnType<typeof listSignIns>>['rows'][number];

/** The accounts of a page's lines, with their profile's time zone (null without a profile). */
export function findSignInUsers(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.id', 'users.username', 'users.email', 'users.role', 'profiles.timezone'])
    .where('users.id', 'in', ids)
    .execute();
}
