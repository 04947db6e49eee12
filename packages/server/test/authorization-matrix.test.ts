import { CAREGIVER_READS } from '@dosedot/domain';
import { describe, expect, it, vi } from 'vitest';
import { ENGINES, makeAdmin, memoryMailer, registerUser, uniqueEmail, useTestApp } from './context';
import { SPEC_CHMED16A as EMEDIPLAN_CODE } from './emediplan-fixtures';
import { collectRoutes, type RouteEntry } from './route-table';

/*
 * The authorization matrix, from the route table (docs/security.md): every route of the app ×
 * {anonymous, patient A, patient B, administrator without a session, administrator with a session
 * for A, A's caregiver}, each request naming patient A where the route takes a patient. The
 * caregiver passes the door for the reads of CAREGIVER_READS only: every write answers 403. A route missing from
 * ACCESS below fails the test, so a new route cannot go without a decision; and no answer to
 * anyone may carry another person's data.
 */

/**
 * Who may call a route:
 * - public: anyone; ingest: only the network servers' secret (no user token);
 * - self: any signed-in user, for their own account only (it names nobody else);
 * - admin: administrators only (the fleet, the patient directory, sessions);
 * - door: a patient's data behind the door: the patient, or an administrator inside a session;
 * - doorHealth: the same, for a patient with the My Health Data grant;
 * - doorOwn: behind the door, but the patient's own act only (deleting the account): never through a session.
 */
type Access = 'public' | 'ingest' | 'self' | 'admin' | 'door' | 'doorHealth' | 'doorOwn';

const ACCESS: Record<string, Access> = {
  'GET /api/health': 'public',
  'POST /api/auth/local': 'public',
  'POST /api/auth/local/register': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/auth/email-confirmation': 'public',
  'POST /api/auth/send-email-confirmation': 'public',
  'GET /api/auth/providers': 'public',
  'GET /api/auth/oidc/:provider/start': 'public',
  'GET /api/auth/oidc/:provider/callback': 'public',
  'POST /api/auth/oidc/session': 'public',
  'POST /api/auth/2fa': 'public',
  'POST /api/two-factor/not-me': 'public',
  'GET /api/profile-images/:token': 'public',
  'GET /api/docs': 'public',
  'POST /api/ingest/tts': 'ingest',
  'POST /api/ingest/chirpstack': 'ingest',
  'POST /api/ingest/thingpark': 'ingest',
  'POST /api/ingest/loriot': 'ingest',
  'POST /api/ingest/helium': 'ingest',
  'GET /api/users/me': 'self',
  'POST /api/auth/logout': 'self',
  'POST /api/auth/change-password': 'self',
  'PUT /api/profile/userdata': 'self',
  'GET /api/caregivers': 'self',
  'POST /api/caregivers/invite': 'self',
  'DELETE /api/caregivers/:id': 'self',
  'POST /api/caregivers/accept': 'self',
  'GET /api/caregiving': 'self',
  'GET /api/profile/access-log': 'self',
  'PUT /api/profile/image': 'self',
  'DELETE /api/profile/image': 'self',
  'GET /api/two-factor': 'self',
  'POST /api/two-factor/setup': 'self',
  'POST /api/two-factor/confirm': 'self',
  'POST /api/two-factor/disable': 'self',
  'POST /api/two-factor/recovery-codes': 'self',
  'GET /api/profiles': 'admin',
  'GET /api/profiles/:id': 'admin',
  'GET /api/sensory-summaries': 'admin',
  'GET /api/sensory-summaries/:id': 'admin',
  'GET /api/sensory-summaries/export.csv': 'admin',
  'POST /api/sensor/assign': 'admin',
  'GET /api/sensor/free': 'admin',
  'PUT /api/sensor/unassign': 'admin',
  'POST /api/sensor/import': 'admin',
  'POST /api/impersonation': 'admin',
  'GET /api/impersonation/current': 'admin',
  'DELETE /api/impersonation/:id': 'admin',
  'GET /api/admin/sign-ins': 'admin',
  'PUT /api/users/:id': 'admin',
  'POST /api/users/:id/send-password-reset': 'admin',
  'POST /api/users/:id/send-email-confirmation': 'admin',
  'GET /api/profile/userdata': 'door',
  'GET /api/profile/imp/userdata/:profileuid': 'door',
  'GET /api/medicines': 'door',
  'GET /api/medicines/stock': 'door',
  'POST /api/medicine/assignMedicine': 'door',
  'POST /api/medicine/impersonateAssignMedicine': 'door',
  'POST /api/medicine/editMedicineRecord': 'door',
  'DELETE /api/medicines/:id': 'door',
  'POST /api/medicine-schedules': 'door',
  'DELETE /api/medicine-schedules/:id': 'door',
  'POST /api/medicine-intakes': 'door',
  'DELETE /api/medicine-intakes/:id': 'door',
  'GET /api/medicine-schedules/profile': 'door',
  'GET /api/medicine-schedules/imp/profile/:impUserId': 'door',
  'GET /api/medicine-schedule/medicine/:id': 'door',
  'GET /api/medicine-schedule/imp/medicine/:medicineId/:impUserId': 'door',
  'POST /api/emediplan/preview': 'door',
  'POST /api/emediplan/import': 'door',
  'GET /api/emediplan/export': 'door',
  'GET /api/adherence': 'door',
  'GET /api/adherence/imp/:impUserId': 'door',
  'GET /api/storage-alerts': 'door',
  'GET /api/storage-alerts/imp/:impUserId': 'door',
  'GET /api/reminders/settings': 'door',
  'PUT /api/reminders/settings': 'door',
  'POST /api/reminders/snooze': 'door',
  'GET /api/reminders/push': 'door',
  'POST /api/reminders/push-subscriptions': 'doorOwn',
  'DELETE /api/reminders/push-subscriptions': 'doorOwn',
  'POST /api/reminders/dose-action': 'public',
  'GET /api/reminders/notifications': 'door',
  'POST /api/sensor/button/getButtonPressHistory': 'door',
  'POST /api/sensor/history/getSensorTempAndHumiHistory': 'door',
  'POST /api/medicine-history/chart': 'door',
  'GET /api/health-data': 'doorHealth',
  'PUT /api/health-data/basic-information': 'doorHealth',
  'PUT /api/health-data/physical-measurements': 'doorHealth',
  'PUT /api/health-data/vision': 'doorHealth',
  'PUT /api/health-data/medical-information': 'doorHealth',
  'PUT /api/health-data/emergency-contact': 'doorHealth',
  'PUT /api/health-data/additional-information': 'doorHealth',
  'GET /api/health-data/export': 'doorHealth',
  'GET /api/account/export': 'door',
  'DELETE /api/account': 'doorOwn',
};

type Caller = 'anonymous' | 'patientA' | 'patientB' | 'adminAlone' | 'adminForA' | 'carerForA';
const CALLERS: Caller[] = ['anonymous', 'patientB', 'adminAlone', 'patientA', 'adminForA', 'carerForA'];

/**
 * Whether a caller gets through (true) or is refused with 401/403 (the status). A's caregiver
 * (`reads`) passes the door for the reads of CAREGIVER_READS only, and answers 403 to every write.
 */
const EXPECTED: Record<Access, Record<Caller, true | 401 | 403 | 'reads'>> = {
  public: {
    anonymous: true,
    patientA: true,
    patientB: true,
    adminAlone: true,
    adminForA: true,
    carerForA: true,
  },
  ingest: { anonymous: 401, patientA: 401, patientB: 401, adminAlone: 401, adminForA: 401, carerForA: 401 },
  self: {
    anonymous: 401,
    patientA: true,
    patientB: true,
    adminAlone: true,
    adminForA: true,
    carerForA: true,
  },
  admin: { anonymous: 401, patientA: 403, patientB: 403, adminAlone: true, adminForA: true, carerForA: 403 },
  door: {
    anonymous: 401,
    patientA: true,
    patientB: 403,
    adminAlone: 403,
    adminForA: true,
    carerForA: 'reads',
  },
  doorHealth: {
    anonymous: 401,
    patientA: true,
    patientB: 403,
    adminAlone: 403,
    adminForA: true,
    carerForA: 403,
  },
  doorOwn: { anonymous: 401, patientA: true, patientB: 403, adminAlone: 403, adminForA: 403, carerForA: 403 },
};

const HEALTH_EMAIL = uniqueEmail('matrix.alma');
const health: Record<string, object> = {
  'basic-information': { date_of_birth: '1958-04-12', gender: 'female', rega_member: true },
  'physical-measurements': { height_cm: 165, weight_kg: 68 },
  vision: { needs_glasses: false },
  'medical-information': { allergies: ['Pollen'], chronic_conditions: [], notes: 'Matrix' },
  'emergency-contact': { contact_name: 'Urs Keller', relationship: 'Husband', phone: '+41 79 123 45 67' },
  'additional-information': { smoking: 'non_smoker', alcohol: 'never', organ_donor: false },
};

describe.each(ENGINES)('the authorization matrix on %s', (engine) => {
  const mailer = memoryMailer();
  const t = useTestApp(engine, {
    env: { HEALTH_DATA_EMAILS: HEALTH_EMAIL, INGEST_TOKEN: 'x'.repeat(24) },
    mailer,
  });

  it('answers every route to every caller as the table says, and nobody sees another person’s data', async () => {
    // Patient A (with My Health Data), patient B, an administrator with a session for A, one without.
    const a = await registerUser(t.app, { username: 'Alma Matrixa', email: HEALTH_EMAIL });
    const b = await registerUser(t.app, { username: 'Bruno Matrixb' });
    const adminForA = await registerUser(t.app, { username: 'Ada Admin' });
    const adminAlone = await registerUser(t.app, { username: 'Otto Admin' });
    await makeAdmin(t.db, adminForA.user.id);
    await makeAdmin(t.db, adminAlone.user.id);
    // A's caregiver, by the e-mailed invitation.
    const carer = await registerUser(t.app, { username: 'Cora Carer' });
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/caregivers/invite',
      headers: a.auth,
      payload: { data: { email: carer.user.email } },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    // The link goes by e-mail once the invitation is committed: wait for it.
    const token = await vi.waitFor(() => {
      const found = mailer.sent
        .find((m) => m.to === carer.user.email.toLowerCase() && m.text.includes('/caregiving?token='))
        ?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
      if (!found) throw new Error('no invitation mailed yet');
      return found;
    });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/caregivers/accept',
      headers: carer.auth,
      payload: { data: { token } },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const profileA = (await t.app.inject({ url: '/api/profile/userdata', headers: a.auth })).json();
    const profileB = (await t.app.inject({ url: '/api/profile/userdata', headers: b.auth })).json();
    const medicineA = { name: 'Alma-Secret-Pill', start_date: '2026-11-01', dosage_times: ['08:00'] };
    const medicineB = { name: 'Bruno-Secret-Pill', start_date: '2026-11-01', dosage_times: ['08:00'] };
    const addA = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/medicine/assignMedicine',
          headers: a.auth,
          payload: { data: medicineA },
        })
      ).json().data as { id: number; schedules: { id: number }[] };
    await t.app.inject({
      method: 'POST',
      url: '/api/medicine/assignMedicine',
      headers: b.auth,
      payload: { data: medicineB },
    });
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/impersonation',
      headers: adminForA.auth,
      payload: { data: { profileuid: profileA.profileuid, reason: 'Matrix' } },
    });
    expect(session.statusCode).toBe(200);

    const markersOf = (who: typeof a, profile: { profileuid: string }, secret: string) => [
      who.user.email,
      profile.profileuid,
      secret,
    ];
    const ofA = markersOf(a, profileA, medicineA.name);
    const ofB = markersOf(b, profileB, medicineB.name);
    const auth: Record<Caller, Record<string, string>> = {
      anonymous: {},
      patientA: a.auth,
      patientB: b.auth,
      adminAlone: adminAlone.auth,
      adminForA: adminForA.auth,
      carerForA: carer.auth,
    };
    // Whose data a caller may see besides their own: an administrator's directory names patients.
    const mayNot: Record<Caller, string[]> = {
      anonymous: [...ofA, ...ofB],
      patientA: ofB,
      patientB: ofA,
      adminAlone: ofA,
      adminForA: ofB,
      carerForA: ofB,
    };

    const routes = collectRoutes(t.app).filter((r) => r.url.startsWith('/api/'));
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(
      keys.filter((k) => !(k in ACCESS)),
      'routes without a decision in ACCESS',
    ).toEqual([]);
    expect(
      Object.keys(ACCESS).filter((k) => !keys.includes(k)),
      'ACCESS names routes the app does not have',
    ).toEqual([]);
    // The door's routes are exactly the ones the table puts behind it.
    for (const r of routes) {
      const door = ACCESS[`${r.method} ${r.url}`]?.startsWith('door') ?? false;
      expect(r.access !== undefined, `${r.method} ${r.url} behind the door`).toBe(door);
    }

    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const requestFor = async (r: RouteEntry, access: Access) => {
      // A fresh medicine of A for each call that may change or remove one.
      const fresh = r.method !== 'GET' && r.url.includes('medicine') ? await addA() : undefined;
      const params: Record<string, string> = {
        impUserId: String(a.user.id),
        profileuid: profileA.profileuid,
        medicineId: String(fresh?.id ?? 1),
        // No caregiver of that id: A's caregiver stays for the routes after.
        id: r.url.startsWith('/api/caregivers/')
          ? '999999'
          : r.url.startsWith('/api/medicine-schedules/')
            ? String(fresh?.schedules[0]?.id ?? 1)
            : String(fresh?.id ?? 1),
        provider: 'none',
        token: 'x'.repeat(32),
      };
      const url = r.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1');
      const bodies: Record<string, object> = {
        'POST /api/medicine/assignMedicine': { data: medicineA },
        'POST /api/medicine/impersonateAssignMedicine': { data: medicineA, impUserId: a.user.id },
        'POST /api/medicine/editMedicineRecord': { data: { id: fresh?.id ?? 1, strength: '1 mg' } },
        'POST /api/medicine-schedules': { data: { medicine: fresh?.id ?? 1, dosage_time: '21:00:00.000' } },
        'POST /api/medicine-intakes': {
          data: { medicine: fresh?.id ?? 1, scheduled_at: new Date().toISOString() },
        },
        'POST /api/sensor/button/getButtonPressHistory': {
          profileId: profileA.id,
          startDate: weekAgo,
          endDate: today,
        },
        'POST /api/sensor/history/getSensorTempAndHumiHistory': {
          profileId: profileA.id,
          startDate: weekAgo,
          endDate: today,
        },
        // A wrong password: patient A is refused by it (400), anyone else before it.
        'DELETE /api/account': { password: 'not the password' },
        'POST /api/medicine-history/chart': {
          data: { deveui: '70B3D57ED0000001', startdate: weekAgo, enddate: today },
        },
        'POST /api/caregivers/invite': { data: { email: 'matrix.carer@example.test' } },
        'POST /api/reminders/push-subscriptions': {
          data: {
            endpoint: 'https://push.example.test/matrix',
            keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
          },
        },
        'DELETE /api/reminders/push-subscriptions': {
          data: { endpoint: 'https://push.example.test/matrix' },
        },
        'POST /api/emediplan/preview': { data: { code: EMEDIPLAN_CODE } },
        'POST /api/emediplan/import': {
          data: { code: EMEDIPLAN_CODE, lines: [{ index: 0 }], confirmPatient: true },
        },
        // Not a real invitation: every signed-in caller is refused by that (400), not by its role.
        'POST /api/caregivers/accept': { data: { token: 'x'.repeat(43) } },
        'PUT /api/reminders/settings': {
          data: {
            email: true,
            quietFrom: null,
            quietTo: null,
            missedAfterMinutes: 60,
            caregiverDelayMinutes: 60,
          },
        },
        // No dose of A's at this instant: A is refused by that (400), anyone else before it.
        'POST /api/reminders/snooze': { data: { scheduled_at: new Date().toISOString(), minutes: 10 } },
      };
      const section = r.url.match(/^\/api\/health-data\/([a-z-]+)$/)?.[1];
      const body = bodies[`${r.method} ${r.url}`] ?? (section ? health[section] : undefined);
      const query = r.url === '/api/health-data/export' ? '?format=json' : '';
      const door = access.startsWith('door');
      return { url: `${url}${query}`, body, door };
    };

    const failures: string[] = [];
    // Logging out ends the caller's session: it goes last.
    const ordered = [...routes].sort(
      (x, y) => Number(x.url === '/api/auth/logout') - Number(y.url === '/api/auth/logout'),
    );
    for (const r of ordered) {
      const access = ACCESS[`${r.method} ${r.url}`] as Access;
      for (const caller of CALLERS) {
        const { url, body, door } = await requestFor(r, access);
        // Behind the door every call names patient A (the header the web app sends).
        const headers = {
          ...auth[caller],
          ...(door && caller !== 'anonymous' ? { 'x-imp-user-id': String(a.user.id) } : {}),
        };
        const res = await t.app.inject({
          method: r.method as 'GET',
          url,
          headers,
          ...(body ? { payload: body } : {}),
        });
        const rule = EXPECTED[access][caller];
        const expected =
          rule === 'reads'
            ? r.access && !r.access.writes && CAREGIVER_READS.includes(r.access.action)
              ? true
              : 403
            : rule;
        const status = res.statusCode;
        const passed =
          expected === true ? status !== 401 && status !== 403 && status < 500 : status === expected;
        if (!passed)
          failures.push(
            `${caller} ${r.method} ${url}: ${status} (expected ${expected}) ${res.body.slice(0, 160)}`,
          );
        const leaked = mayNot[caller].filter((m) => res.body.includes(m));
        const directory = access === 'admin' && (caller === 'adminAlone' || caller === 'adminForA');
        if (leaked.length > 0 && !directory)
          failures.push(`${caller} ${r.method} ${url} shows ${leaked.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    // A sweep of every route for every caller: longer than one request's test on a loaded machine.
  }, 90_000);
});
