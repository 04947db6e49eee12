import { randomUUID } from 'node:crypto';
import type { Language, Role } from '@dosedot/domain';
import type { Db } from '../../db';
import type { User } from '../../db/types';

export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewAccount {
  username: string;
  email: string;
  passwordHash: string;
  role: Role;
  givenname: string;
  familyname: string;
  language: Language;
  timezone: string;
}

/** Creates a user and their profile together; the caller gives the transaction. */
export async function insertAccount(db: Db, account: NewAccount, now = Date.now()): Promise<User> {
  const user = await db
    .insertInto('users')
    .values({
      username: account.username,
      email: account.email.toLowerCase(),
      password_hash: account.passwordHash,
      role: account.role,
      profile_img: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('profiles')
    .values({
      user_id: user.id,
      profileuid: randomUUID(),
      givenname: account.givenname,
      familyname: account.familyname,
      language: account.language,
      timezone: account.timezone,
      profiletype: account.role,
      sensor_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return user;
}

export async function profileLanguage(db: Db, userId: number): Promise<Language> {
  const row = await db
    .selectFrom('profiles')
    .select('language')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.language ?? 'en';
}
