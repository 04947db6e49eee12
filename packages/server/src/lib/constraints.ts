import { ERROR_CODES } from '@dosedot/domain';

/**
 * Constraint violations from either engine, read into one shape: the one place that turns a race
 * the database caught (two registrations of one address, the same dosage time twice) into a 400 or
 * 409 instead of a 500.
 */
export interface Violation {
  kind: 'unique' | 'foreign_key';
  table: string | undefined;
  columns: string[];
}

interface DriverError {
  code?: unknown;
  message?: unknown;
  table?: unknown;
  detail?: unknown;
}

export function constraintViolation(err: unknown): Violation | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as DriverError;
  const message = typeof e.message === 'string' ? e.message : '';
  // better-sqlite3: "UNIQUE constraint failed: users.email" / "...: t.a, t.b"
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const cols =
      message
        .split(': ')[1]
        ?.split(',')
        .map((c) => c.trim()) ?? [];
    return {
      kind: 'unique',
      table: cols[0]?.split('.')[0],
      columns: cols.map((c) => c.split('.')[1] ?? c),
    };
  }
  if (e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY')
    return { kind: 'foreign_key', table: undefined, columns: [] };
  // node-postgres: code 23505 with table and "Key (a, b)=(…) already exists."
  if (e.code === '23505' || e.code === '23503') {
    const detail = typeof e.detail === 'string' ? e.detail : '';
    const cols =
      /Key \(([^)]+)\)=/
        .exec(detail)?.[1]
        ?.split(',')
        .map((c) => c.trim().replace(/"/g, '')) ?? [];
    return {
      kind: e.code === '23505' ? 'unique' : 'foreign_key',
      table: typeof e.table === 'string' ? e.table : undefined,
      columns: cols,
    };
  }
  return undefined;
}

/** What the API answers for a known unique constraint: the field, as the request names it. */
const UNIQUE_FIELDS: Record<string, { path: string[]; message: string; code?: string }> = {
  'users.email': {
    path: ['email'],
    message: 'Email or Username are already taken',
    code: ERROR_CODES.emailTaken,
  },
  'medicine_schedules.medicine_id,dosage_time': {
    path: ['data', 'dosage_time'],
    message: 'This dosage time is already scheduled',
  },
};

export function describeViolation(v: Violation): {
  status: 400 | 409;
  path?: string[];
  message: string;
  code?: string;
} {
  if (v.kind === 'foreign_key') return { status: 409, message: 'A record this refers to does not exist' };
  const known = UNIQUE_FIELDS[`${v.table}.${[...v.columns].sort().join(',')}`];
  if (known) return { status: 400, ...known };
  return { status: 409, message: 'This record already exists' };
}
