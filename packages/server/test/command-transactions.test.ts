import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { count, ENGINES, makeAdmin, registerUser, useTestApp } from './context';

type Auth = Record<string, string>;

/**
 * Every command through the door runs in one transaction with its access-log entry (issue 22 item 2,
 * docs/security.md): with the log refused by a trigger (the injected failure), an impersonated
 * add, removal or schedule change answers 500 and leaves the patient's data as it was.
 */
describe.each(ENGINES)('one transaction per command on %s', (engine) => {
  const t = useTestApp(engine);

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Auth, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** Refuses every access-log entry of an impersonated write (the session's start still logs). */
  async function refuseWriteLogs(
    writes = ['add_medicine', 'remove_medicine', 'add_schedule', 'remove_schedule'].map(
      (a) => `impersonation.${a}`,
    ),
  ) {
    const list = sql.join(writes.map((w) => sql.lit(w)));
    if (engine === 'sqlite')
      await sql`create trigger no_write_log before insert on audit_log when new.action in (${list})
        begin select raise(abort, 'log refused'); end`.execute(t.db);
    else {
      await sql`create function no_write_log() returns trigger language plpgsql as $$
        begin if new.action in (${list}) then raise exception 'log refused'; end if; return new; end $$`.execute(
        t.db,
      );
      await sql`create trigger no_write_log before insert on audit_log for each row execute function no_write_log()`.execute(
        t.db,
      );
    }
    return async () => {
      await sql`drop trigger no_write_log${engine === 'postgres' ? sql` on audit_log` : sql``}`.execute(t.db);
      if (engine === 'postgres') await sql`drop function no_write_log()`.execute(t.db);
    };
  }

  it('rolls back an impersonated write whose access-log entry cannot be written', async () => {
    const admin = await registerUser(t.app, { username: 'Tom Transaction' });
    await makeAdmin(t.db, admin.user.id);
    const patient = await registerUser(t.app, { username: 'Tina Patient' });
    const profile = (await call('GET', '/api/profile/userdata', patient.auth)).json();
    expect(
      (
        await call('POST', '/api/impersonation', admin.auth, {
          data: { profileuid: profile.profileuid, reason: 'Call' },
        })
      ).statusCode,
    ).toBe(200);
    const imp = { ...admin.auth, 'x-imp-user-id': String(patient.user.id) };
    const kept = (
      await call('POST', '/api/medicine/assignMedicine', imp, {
        data: { name: 'Ramipril', start_date: '2026-11-01', dosage_times: ['08:00'] },
      })
    ).json().data;
    const keptSchedule = kept.schedules[0].id;
    const before = {
      medicines: await count(t.db, 'medicines'),
      schedules: await count(t.db, 'medicine_schedules'),
      log: await count(t.db, 'audit_log'),
    };

    const allow = await refuseWriteLogs();
    try {
      const refused = [
        await call('POST', '/api/medicine/assignMedicine', imp, {
          data: { name: 'Metformin', start_date: '2026-11-01', dosage_times: ['09:00'] },
        }),
        await call('POST', '/api/medicine-schedules', imp, {
          data: { medicine: kept.id, dosage_time: '20:00:00.000' },
        }),
        await call('DELETE', `/api/medicine-schedules/${keptSchedule}`, imp),
        await call('DELETE', `/api/medicines/${kept.id}`, imp),
      ];
      expect(refused.map((r) => r.statusCode)).toEqual([500, 500, 500, 500]);
    } finally {
      await allow();
    }

    expect({
      medicines: await count(t.db, 'medicines'),
      schedules: await count(t.db, 'medicine_schedules'),
      log: await count(t.db, 'audit_log'),
    }).toEqual(before);
    const medicines = (await call('GET', '/api/medicines', patient.auth)).json().data;
    expect(medicines.map((m: { name: string }) => m.name)).toEqual(['Ramipril']);
  });

  it('writes no reset code when its audit line cannot be written', async () => {
    const user = await registerUser(t.app, { username: 'Rita Reset' });
    const codes = () => count(t.db, 'password_resets');
    const before = await codes();
    const allow = await refuseWriteLogs(['auth.reset_requested']);
    try {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.user.email },
      });
      expect(refused.statusCode).toBe(500);
      expect(await codes()).toBe(before);
    } finally {
      await allow();
    }
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.user.email },
    });
    expect(asked.statusCode).toBe(200);
    expect(await codes()).toBe(before + 1);
  });
});
