import { randomBytes } from 'node:crypto';
import { BOX_IMPORT_MAX_CHARS, BOX_IMPORT_MAX_LINES } from '@dosedot/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINES, makeAdmin, registerUser, type TestApp } from './context';

const fields = (res: { json: () => unknown }) =>
  ((res.json() as { error: { details: { errors?: { path: string[] }[] } } }).error.details.errors ?? []).map(
    (e) => e.path.join('.'),
  );

/** A DevEUI nobody else's test uses. */
const eui = () => randomBytes(8).toString('hex').toUpperCase();
const serial = () => `SN-${randomBytes(5).toString('hex')}`;

describe.each(ENGINES)('POST /api/sensor/import on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  let patient: Awaited<ReturnType<typeof registerUser>>;

  const send = (data: unknown, auth = admin.auth) =>
    t.app.inject({ method: 'POST', url: '/api/sensor/import', headers: auth, payload: { data } });
  const boxesWith = (deveuis: string[]) =>
    t.db.selectFrom('sensors').selectAll().where('deveui', 'in', deveuis).orderBy('deveui').execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await registerUser(t.app);
    await makeAdmin(t.db, admin.user.id);
    patient = await registerUser(t.app);
  });
  afterAll(async () => t?.close());

  it('answers 401 without a token and 403 to a patient, writing nothing', async () => {
    const deveui = eui();
    const csv = `DevEUI;Serial;Model\n${deveui};${serial()};dosedot-box\n`;
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/sensor/import',
      payload: { data: { csv, commit: true } },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await send({ csv, commit: true }, patient.auth)).statusCode).toBe(403);
    expect(await boxesWith([deveui])).toEqual([]);
  });

  it.each([
    [{ commit: true }, 'data.csv'],
    [{ csv: '', commit: true }, 'data.csv'],
    [{ csv: 'DevEUI;Serial;Model\n' }, 'data.commit'],
    [{ csv: 'DevEUI;Serial;Model\n', commit: 'yes' }, 'data.commit'],
    [{ csv: 'a', commit: true, extra: 1 }, 'data.extra'],
    [{ csv: 'Serial;Model\nSN-1;dosedot-box', commit: true }, 'data.csv'],
    [{ csv: '\n\n', commit: true }, 'data.csv'],
    [{ csv: 'DevEUI,Serial,Model\n\n', commit: true }, 'data.csv'],
  ])('answers 400 naming the field for %j, writing nothing', async (data, field) => {
    const res = await send(data);
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual([field]);
  });

  it('refuses more lines than one import takes (400) and a body over the limit (413)', async () => {
    const many = Array.from({ length: BOX_IMPORT_MAX_LINES + 1 }, (_, i) => `${eui()};S${i};dosedot-box`);
    const tooMany = await send({ csv: `DevEUI;Serial;Model\n${many.join('\n')}`, commit: true });
    expect(tooMany.statusCode).toBe(400);
    expect(fields(tooMany)).toEqual(['data.csv']);
    expect(tooMany.json().error.message).toContain(String(BOX_IMPORT_MAX_LINES));
    expect(tooMany.json().error.details.errors[0].code).toBe('csv_too_many');
    expect(await boxesWith(many.slice(0, 3).map((l) => l.slice(0, 16)))).toEqual([]);

    const long = await send({
      csv: `DevEUI;Serial;Model\n${'x'.repeat(BOX_IMPORT_MAX_CHARS)}`,
      commit: true,
    });
    expect(long.statusCode).toBe(400);
    expect(fields(long)).toEqual(['data.csv']);

    const huge = await send({ csv: 'x'.repeat(BOX_IMPORT_MAX_CHARS * 3), commit: true });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.name).toBe('PayloadTooLargeError');
  });

  it('previews a delivery note: what would be added, each refused line with its reason; nothing written', async () => {
    const [a, b, c] = [eui(), eui(), eui()];
    const taken = eui();
    const takenSerial = serial();
    await t.db
      .insertInto('sensors')
      .values({
        deveui: taken,
        serial_number: takenSerial,
        device_profile: 'dosedot-box',
        name: null,
        created_at: 1,
      })
      .execute();
    const sa = serial();
    const csv = [
      '\uFEFFModel;DevEUI;Serial number',
      `dosedot-box;${a};${sa}`,
      `TTI-GNSE;${b.toLowerCase().match(/../g)?.join(':')};${serial()}`,
      `dosedot-box;12345;${serial()}`,
      `dosedot-box;${a};${serial()}`,
      `dosedot-box;${taken};${serial()}`,
      `dosedot-box;${c};${takenSerial}`,
      `dosedot-box;${eui()};${sa}`,
      `toaster;${eui()};${serial()}`,
      `dosedot-box;${eui()};`,
      ';;',
      `;${eui()};${serial()}`,
      `dosedot-box;${eui()};x;surplus`,
      '',
    ].join('\r\n');
    const res = await send({ csv, commit: false });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.committed).toBe(false);
    expect(data.added).toEqual([
      { line: 2, deveui: a, serial: sa, model: 'dosedot-box' },
      { line: 3, deveui: b, serial: expect.any(String), model: 'tti-gnse' },
    ]);
    expect(data.refused.map((r: { line: number; reason: string }) => [r.line, r.reason])).toEqual([
      [4, 'deveui_invalid'],
      [5, 'deveui_duplicate'],
      [6, 'deveui_registered'],
      [7, 'serial_registered'],
      [8, 'serial_duplicate'],
      [9, 'model_unknown'],
      [10, 'serial_missing'],
      [12, 'model_missing'],
      [13, 'fields'],
    ]);
    const duplicate = data.refused.find((r: { line: number }) => r.line === 5);
    expect(duplicate).toMatchObject({
      deveui: a,
      firstLine: 2,
      message: 'This DevEUI is on an earlier line of the file',
    });
    expect(await boxesWith([a, b, c])).toEqual([]);
  });

  it('registers every valid line in one go, unassigned, with one audit line; a second run refuses them all', async () => {
    const boxes = [eui(), eui(), eui()];
    const serials = boxes.map(() => serial());
    const csv = `deveui,serial,model\n${boxes.map((d, i) => `"${d}","${serials[i]}",dosedot-box`).join('\n')}\nnot-hex,S,dosedot-box\n`;
    const res = await send({ csv, commit: true });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.committed).toBe(true);
    expect(data.added).toHaveLength(3);
    expect(data.refused).toMatchObject([{ line: 5, reason: 'deveui_invalid', deveui: 'not-hex' }]);
    const rows = await boxesWith(boxes);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.device_profile).toBe('dosedot-box');
      expect(serials).toContain(row.serial_number);
      expect(row.last_uplink_at).toBeNull();
    }
    const audits = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'sensor.bulk_import')
      .where('actor_user_id', '=', admin.user.id)
      .execute();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]?.details ?? '{}')).toMatchObject({ added: 3, refused: 1 });
    expect(JSON.parse(audits[0]?.details ?? '{}').deveuis.sort()).toEqual([...boxes].sort());

    // The boxes appear in the device list as free boxes.
    const list = await t.app.inject({
      url: `/api/sensory-summaries?filters[deveui][$eq]=${boxes[0]}`,
      headers: admin.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(boxes[0]);

    const again = (await send({ csv, commit: true })).json().data;
    expect(again.committed).toBe(false);
    expect(again.added).toEqual([]);
    expect(again.refused.map((r: { reason: string }) => r.reason)).toEqual([
      'deveui_registered',
      'deveui_registered',
      'deveui_registered',
      'deveui_invalid',
    ]);
  });
});
