import { type BoxConfig, type SimUplink, simulateBox } from './box';
import { seeded } from './random';
import type { Transport } from './transport';

export interface SimOptions {
  boxes: number;
  /** Simulated seconds per real second; 0 = as fast as the server answers. */
  speed: number;
  /** Start this many days in the past, play them at `speed`, then go on in real time. */
  days: number;
  network: 'tts' | 'chirpstack' | 'mixed';
  times: string[];
  zone: string;
  intervalMinutes: number;
  duplicateChance: number;
  seed: number;
  /** Stop after this many real seconds (undefined: until the end time or a signal). */
  durationSeconds?: number;
  /** Stop at this simulated instant (undefined: never, real time after catching up). */
  until?: number;
  /** First DevEUIs: the demo boxes. */
  deveuis?: string[];
  now?: () => number;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

export const DEMO_DEVEUIS = ['A84041000181C001', 'A84041000181C002'];

export function boxConfigs(
  o: Pick<
    SimOptions,
    'boxes' | 'network' | 'times' | 'zone' | 'intervalMinutes' | 'duplicateChance' | 'deveuis' | 'seed'
  >,
): BoxConfig[] {
  const random = seeded(o.seed ^ 0x5eed);
  const deveuis = o.deveuis ?? DEMO_DEVEUIS;
  return Array.from({ length: o.boxes }, (_, i) => ({
    deveui: deveuis[i] ?? `A84041000181${(0xc000 + i + 1).toString(16).toUpperCase()}`,
    network: o.network === 'mixed' ? (i % 2 === 0 ? 'tts' : 'chirpstack') : o.network,
    times: o.times,
    zone: o.zone,
    intervalMinutes: o.intervalMinutes,
    duplicateChance: o.duplicateChance,
    battery: Math.round(60 + random() * 40),
  }));
}

export interface SimSummary {
  sent: number;
  duplicatesSent: number;
  presses: number;
  results: Record<string, number>;
  errors: number;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Plays the boxes in time order: from `days` ago at `speed`, until caught up with the clock, then in
 * real time. Each uplink goes out when the simulated clock reaches its reception time.
 */
export async function runSimulation(o: SimOptions, transport: Transport): Promise<SimSummary> {
  const now = o.now ?? Date.now;
  const log = o.log ?? (() => {});
  const realStart = now();
  const simStart = realStart - o.days * 86_400_000;
  const end = o.until ?? Number.POSITIVE_INFINITY;
  const deadline =
    o.durationSeconds === undefined ? Number.POSITIVE_INFINITY : realStart + o.durationSeconds * 1000;
  const random = seeded(o.seed);
  const configs = boxConfigs(o);
  // Each box is simulated a day at a time, so a run without an end keeps going.
  const CHUNK = 86_400_000;
  const streams = configs.map((c) => ({ config: c, from: simStart, queue: [] as SimUplink[] }));
  const refill = (s: (typeof streams)[number]) => {
    while (s.queue.length === 0 && s.from < end) {
      const to = Math.min(end, s.from + CHUNK);
      s.queue.push(...simulateBox(s.config, s.from, to, random));
      s.from = to;
    }
  };
  /** The simulated clock: fast while behind, then the real one. */
  const simNow = () => {
    const elapsed = now() - realStart;
    const fast = o.speed === 0 ? Number.POSITIVE_INFINITY : simStart + elapsed * o.speed;
    return Math.min(fast, now());
  };

  const summary: SimSummary = { sent: 0, duplicatesSent: 0, presses: 0, results: {}, errors: 0 };
  log(
    `simulating ${configs.length} box(es) from ${new Date(simStart).toISOString()} at ${o.speed || 'full'}x: ${configs.map((c) => `${c.deveui} (${c.network})`).join(', ')}`,
  );
  for (;;) {
    if (o.signal?.aborted || now() > deadline) break;
    for (const s of streams) refill(s);
    let pick: (typeof streams)[number] | undefined;
    for (const s of streams)
      if (s.queue[0] && (!pick || s.queue[0].at < (pick.queue[0]?.at ?? Infinity))) pick = s;
    const uplink = pick?.queue[0];
    if (!pick || !uplink) break;
    const wait = uplink.at - simNow();
    if (wait > 0) {
      // Behind the real clock the simulated one runs `speed` times faster.
      const realWait = simNow() >= now() - 1000 || o.speed === 0 ? wait : wait / o.speed;
      await sleep(Math.min(realWait, 1000), o.signal);
      continue;
    }
    pick.queue.shift();
    try {
      const result = await transport.send(uplink);
      summary.sent++;
      if (uplink.duplicate) summary.duplicatesSent++;
      if (!uplink.duplicate) summary.presses += uplink.presses;
      summary.results[result] = (summary.results[result] ?? 0) + 1;
      if (uplink.kind === 'press' || uplink.duplicate)
        log(
          `${new Date(uplink.at).toISOString()} ${uplink.deveui} ${uplink.network} ${uplink.kind}${uplink.presses ? ` (${uplink.presses} press${uplink.presses > 1 ? 'es' : ''})` : ''}${uplink.duplicate ? ' again' : ''}: ${result}`,
        );
    } catch (err) {
      summary.errors++;
      log(`${new Date(uplink.at).toISOString()} ${uplink.deveui}: ${(err as Error).message}`);
    }
  }
  return summary;
}
