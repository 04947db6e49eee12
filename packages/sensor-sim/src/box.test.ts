import {
  DOSEDOT_FPORT,
  decodeUplink,
  detectProfile,
  type ParsedUplink,
  parseChirpstackEvent,
  parseTtsMessage,
} from '@dosedot/domain/lorawan';
import { localToUtc } from '@dosedot/domain/time';
import { describe, expect, it } from 'vitest';
import { type BoxConfig, type SimUplink, simulateBox } from './box';
import { seeded } from './random';
import { boxConfigs } from './run';

const config: BoxConfig = {
  deveui: 'A84041000181C001',
  network: 'tts',
  times: ['08:00', '12:30', '19:00'],
  zone: 'Europe/Berlin',
  intervalMinutes: 10,
  duplicateChance: 0.03,
  battery: 90,
};
const FROM = Date.parse('2026-01-01T00:00:00Z');
const DAYS = 30;
const TO = FROM + DAYS * 86_400_000;

function parse(u: SimUplink): ParsedUplink {
  const event = u.network === 'tts' ? parseTtsMessage(u.body, 0) : parseChirpstackEvent('up', u.body, 0);
  if (event.kind !== 'uplink') throw new Error(JSON.stringify(event));
  return event.uplink;
}

describe('a simulated box', () => {
  const uplinks = [...simulateBox(config, FROM, TO, seeded(7))];
  const parsed = uplinks.map(parse);
  const decoded = parsed.map((p) => decodeUplink(p, detectProfile(p)));

  it('sends real TTS or ChirpStack documents with the DoseDot payload', () => {
    expect(decoded.every((d) => d.status === 'decoded')).toBe(true);
    expect(parsed.every((p) => p.fPort === DOSEDOT_FPORT && p.deveui === config.deveui)).toBe(true);
    const cs = [...simulateBox({ ...config, network: 'chirpstack' }, FROM, FROM + 86_400_000, seeded(1))];
    expect(cs.map(parse).every((p) => p.network === 'chirpstack' && p.identity.startsWith('cs:'))).toBe(true);
  });

  it('reports every 10 minutes, in time order, with a daily temperature and humidity cycle', () => {
    const periodic = uplinks.filter((u) => u.kind === 'periodic' && !u.duplicate);
    expect(periodic.length).toBeGreaterThan(DAYS * 144 * 0.9);
    const temps = decoded.map((d) => d.measurement.temperature ?? 0);
    expect(Math.max(...temps) - Math.min(...temps)).toBeGreaterThan(4);
    const humidity = decoded.map((d) => d.measurement.humidity ?? 0);
    expect(Math.min(...humidity)).toBeGreaterThan(25);
    expect(Math.max(...humidity)).toBeLessThan(65);
  });

  it('drains its battery slowly', () => {
    const battery = decoded.map((d) => d.measurement.battery ?? 0);
    expect(battery[0]).toBeGreaterThanOrEqual(89);
    expect(battery.at(-1)).toBeLessThan(battery[0] ?? 0);
    expect(battery.at(-1)).toBeGreaterThan(80);
  });

  it('presses near the dosage times: most on time, some late or early, some missed, some twice', () => {
    const presses = parsed
      .map((p, i) => ({ p, m: decoded[i]?.measurement, duplicate: uplinks[i]?.duplicate }))
      .filter((x) => !x.duplicate)
      .flatMap((x) => (x.m?.pressOffsets ?? []).map((s) => x.p.receivedAt - s * 1000));
    const doses = DAYS * config.times.length;
    expect(presses.length).toBeGreaterThan(doses * 0.8);
    expect(presses.length).toBeLessThan(doses * 1.25);
    const deltas = presses.map((at) => {
      const date = new Date(at).toISOString().slice(0, 10);
      const candidates = [-1, 0, 1].flatMap((d) =>
        config.times.map((t) =>
          localToUtc(new Date(Date.parse(date) + d * 86_400_000).toISOString().slice(0, 10), t, config.zone),
        ),
      );
      return Math.min(...candidates.map((c) => Math.abs(at - c))) / 60_000;
    });
    const onTime = deltas.filter((d) => d <= 30).length;
    expect(onTime / presses.length).toBeGreaterThan(0.55);
    expect(deltas.some((d) => d > 30 && d <= 120)).toBe(true);
    expect(deltas.every((d) => d < 4 * 60)).toBe(true);
    // Double presses: a second press within a minute of the first.
    const sorted = [...presses].sort((a, b) => a - b);
    expect(sorted.some((at, i) => i > 0 && at - (sorted[i - 1] ?? 0) < 60_000)).toBe(true);
  });

  it('moves around presses, buffers presses while offline, and sometimes delivers an uplink twice', () => {
    const pressFrames = decoded.filter((d) => d.measurement.pressOffsets.length > 0);
    expect(pressFrames.every((d) => (d.measurement.motion ?? 0) >= 4)).toBe(true);
    expect(decoded.some((d) => d.measurement.pressOffsets.some((s) => s > 60))).toBe(true);
    const duplicates = uplinks.filter((u) => u.duplicate);
    expect(duplicates.length).toBeGreaterThan(0);
    for (const d of duplicates) expect(uplinks.some((u) => !u.duplicate && u.body === d.body)).toBe(true);
    // Every other uplink has its own identity, a rejoin included.
    const identities = parsed.filter((_, i) => !uplinks[i]?.duplicate).map((p) => p.identity);
    expect(new Set(identities).size).toBe(identities.length);
  });

  it('plays the same days for the same seed', () => {
    const again = [...simulateBox(config, FROM, FROM + 2 * 86_400_000, seeded(7))];
    const first = [...simulateBox(config, FROM, FROM + 2 * 86_400_000, seeded(7))];
    expect(again.map((u) => JSON.stringify(u.body))).toEqual(first.map((u) => JSON.stringify(u.body)));
  });

  it('names the demo boxes first and alternates the network servers', () => {
    const boxes = boxConfigs({ ...config, boxes: 4, network: 'mixed', seed: 1 });
    expect(boxes.map((b) => [b.deveui, b.network])).toEqual([
      ['A84041000181C001', 'tts'],
      ['A84041000181C002', 'chirpstack'],
      ['A84041000181C003', 'tts'],
      ['A84041000181C004', 'chirpstack'],
    ]);
  });
});
