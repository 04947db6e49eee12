import {
  chirpstackUpEvent,
  DOSEDOT_DR0_BYTES,
  DOSEDOT_FPORT,
  encodeDoseDot,
  pressesPerFrame,
  ttsUplinkMessage,
  type UplinkSpec,
} from '@dosedot/domain/lorawan';
import { eachDate, localDateOf, localToUtc } from '@dosedot/domain/time';
import { normal, type Random } from './random';

/*
 * One simulated medicine box: what it would transmit between two instants. Presses near the patient's
 * dosage times with the noise of real life (on time, late, early, missed, pressed twice), temperature
 * and humidity on daily cycles, a slowly draining battery, motion around each press, a periodic uplink
 * every few minutes, presses sent at once or buffered while the box was offline, a rare rejoin (frame
 * counter back to 0), and now and then the same uplink delivered twice. Pure: a seeded random source
 * and the range decide everything.
 */

export type NetworkServer = 'tts' | 'chirpstack';

export interface BoxConfig {
  deveui: string;
  network: NetworkServer;
  /** Local dosage times 'HH:MM' in `zone`. */
  times: string[];
  zone: string;
  /** Minutes between periodic uplinks. */
  intervalMinutes: number;
  /** Chance that one uplink is delivered twice (a webhook retry, an MQTT redelivery). */
  duplicateChance: number;
  /** Battery at the start of the range, %. */
  battery: number;
}

export interface SimUplink {
  /** When the network server received it (epoch ms). */
  at: number;
  deveui: string;
  network: NetworkServer;
  /** The document the network server sends (webhook body or MQTT payload). */
  body: Record<string, unknown>;
  kind: 'periodic' | 'press';
  presses: number;
  /** A second delivery of the uplink just before it. */
  duplicate: boolean;
}

const MINUTE = 60_000;

interface Press {
  at: number;
}

/** The presses of one dose: none (missed), one, or two within a minute (double press). */
function pressesOfDose(scheduled: number, random: Random): Press[] {
  const roll = random();
  if (roll < 0.07) return []; // missed
  let offsetMin: number;
  if (roll < 0.72)
    offsetMin = normal(random, 2, 9); // on time, give or take
  else if (roll < 0.9)
    offsetMin = 30 + random() * 90; // late
  else if (roll < 0.96)
    offsetMin = -(20 + random() * 40); // early
  else offsetMin = 130 + random() * 100; // very late
  const first = scheduled + Math.round(offsetMin * MINUTE + random() * 59_000);
  const out = [{ at: first }];
  if (random() < 0.12) out.push({ at: first + 3_000 + Math.round(random() * 40_000) }); // double press
  return out;
}

export function* simulateBox(
  config: BoxConfig,
  from: number,
  to: number,
  random: Random,
): Generator<SimUplink, void, void> {
  // Every press in the range, oldest first.
  const presses: Press[] = [];
  for (const date of eachDate(localDateOf(from, config.zone), localDateOf(to, config.zone))) {
    for (const time of config.times) {
      for (const p of pressesOfDose(localToUtc(date, time, config.zone), random))
        if (p.at >= from && p.at < to) presses.push(p);
    }
  }
  presses.sort((a, b) => a.at - b.at);

  let fCnt = Math.floor(random() * 500);
  let devAddr = Math.floor(random() * 0xffffffff);
  let battery = config.battery;
  let lastAt = from;
  let next = 0; // next press not yet sent
  let offline = false;
  const interval = config.intervalMinutes * MINUTE;
  const period = (t: number) => Math.ceil(t / interval) * interval;

  const frame = (at: number, pending: Press[]): UplinkSpec => {
    const hour = ((at / 3_600_000) % 24) + 1; // UTC+1-ish daily cycle is enough for a simulation
    const nearPress = presses.some((p) => Math.abs(p.at - at) < 10 * MINUTE);
    const motion = Math.max(
      0,
      Math.round((nearPress ? 4 + random() * 8 : 0) + (random() < 0.2 ? random() * 3 : 0)),
    );
    battery = Math.max(0, battery - (at - lastAt) / 86_400_000 / 5 - (pending.length > 0 ? 0.002 : 0)); // ~0.2 %/day
    lastAt = at;
    const payload = encodeDoseDot(
      {
        buttonMode: 'single',
        battery,
        temperature: 21 + 2.5 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + normal(random, 0, 0.3),
        humidity: 45 + 8 * Math.cos((hour / 24) * 2 * Math.PI) + normal(random, 0, 1.5),
        motion,
        pressOffsets: pending.map((p) => Math.round((at - p.at) / 1000)),
      },
      DOSEDOT_DR0_BYTES,
    );
    if (random() < 0.002) {
      // A rejoin: new session, frame counter back to 0.
      fCnt = 0;
      devAddr = Math.floor(random() * 0xffffffff);
    }
    const spec: UplinkSpec = {
      deveui: config.deveui,
      fCnt: fCnt++,
      fPort: DOSEDOT_FPORT,
      payload,
      receivedAt: at,
      devAddr: devAddr.toString(16).padStart(8, '0'),
      gateways: random() < 0.3 ? 2 : 1,
    };
    return spec;
  };

  const emit = function* (spec: UplinkSpec, kind: SimUplink['kind'], count: number) {
    const body = config.network === 'tts' ? ttsUplinkMessage(spec) : chirpstackUpEvent(spec);
    const uplink = {
      at: spec.receivedAt,
      deveui: config.deveui,
      network: config.network,
      body,
      kind,
      presses: count,
    };
    yield { ...uplink, duplicate: false };
    if (random() < config.duplicateChance) yield { ...uplink, duplicate: true };
  };

  for (let t = period(from); t < to; t += interval) {
    // Presses before this periodic uplink: sent at once (a few seconds later), unless the box is
    // offline; then they wait for the periodic uplink and carry their age.
    while (next < presses.length && (presses[next]?.at ?? Number.POSITIVE_INFINITY) < t) {
      if (random() < 0.02) offline = !offline;
      if (offline) break;
      const group: Press[] = [];
      const firstAt = presses[next]?.at ?? t;
      // Presses within the few seconds before transmission go in the same frame.
      const sendAt = firstAt + 2_000 + Math.round(random() * 6_000);
      while (next < presses.length && (presses[next]?.at ?? Number.POSITIVE_INFINITY) <= sendAt) {
        group.push(presses[next] as Press);
        next++;
      }
      if (sendAt >= to) break;
      yield* emit(frame(sendAt, group), 'press', group.length);
    }
    offline = offline && random() < 0.5; // back online soon
    const pending: Press[] = [];
    while (next < presses.length && (presses[next]?.at ?? Number.POSITIVE_INFINITY) < t) {
      pending.push(presses[next] as Press);
      next++;
    }
    // A frame holds at most 14 presses: the rest go in the next frames, seconds apart.
    const perFrame = pressesPerFrame(DOSEDOT_DR0_BYTES);
    for (let i = 0; i < Math.max(1, Math.ceil(pending.length / perFrame)); i++) {
      const part = pending.slice(i * perFrame, (i + 1) * perFrame);
      const at = t + i * 5_000;
      if (at >= to) break;
      yield* emit(frame(at, part), part.length > 0 ? 'press' : 'periodic', part.length);
    }
  }
}
