import { parseChirpstackEvent, parseTtsMessage } from '@dosedot/domain/lorawan';
import { DEMO_DEVEUIS, runSimulation, type SimOptions, type Transport } from '@dosedot/sensor-sim';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import type { LongLived } from '../../plugins/lifecycle';
import { schedulesOfBoxes } from './queries';
import type { IngestService } from './service';

export interface SimulatorOptions {
  db: Db;
  ingest: IngestService;
  log: FastifyBaseLogger;
  /** Simulated days to play at once before going live (tests); default 0: live from now. */
  days?: number;
  speed?: number;
  until?: number;
}

const DEFAULT_TIMES = ['08:00', '12:30', '19:00'];

/**
 * SIMULATE=true (never in production): the demo boxes send uplinks as if a network server delivered
 * them, straight into this server's ingestion (no HTTP, no token), pressing near their patients'
 * dosage times. A lifecycle part: starts with the app, stops with it.
 */
export function simulatorPart(opts: SimulatorOptions): LongLived {
  const controller = new AbortController();
  let running: Promise<unknown> | undefined;
  const transport: Transport = {
    async send(uplink) {
      const now = Date.now();
      const event =
        uplink.network === 'tts'
          ? parseTtsMessage(uplink.body, now)
          : parseChirpstackEvent('up', uplink.body, now);
      const source = uplink.network === 'tts' ? 'tts:simulator' : 'chirpstack:simulator';
      const result = await opts.ingest.receive(event, JSON.stringify(uplink.body), source);
      return result.result;
    },
    close: async () => {},
  };
  return {
    name: 'simulator',
    start: async () => {
      const rows = await schedulesOfBoxes(opts.db, DEMO_DEVEUIS);
      const runs = DEMO_DEVEUIS.map((deveui, i) => {
        const own = rows.filter((r) => r.deveui === deveui);
        const options: SimOptions = {
          boxes: 1,
          deveuis: [deveui],
          network: i % 2 === 0 ? 'tts' : 'chirpstack',
          times: own.length > 0 ? own.map((r) => r.dosage_time.slice(0, 5)) : DEFAULT_TIMES,
          zone: own[0]?.timezone ?? 'Europe/Berlin',
          speed: opts.speed ?? 1,
          days: opts.days ?? 0,
          until: opts.until,
          intervalMinutes: 10,
          duplicateChance: 0.02,
          seed: (Date.now() % 100_000) + i,
          signal: controller.signal,
          log: (line) => opts.log.debug(line),
        };
        return runSimulation(options, transport);
      });
      running = Promise.all(runs).catch((err: unknown) => opts.log.error({ err }, 'simulator stopped'));
      opts.log.info({ boxes: DEMO_DEVEUIS }, 'simulated medicine boxes are sending uplinks');
    },
    stop: async () => {
      controller.abort();
      await running;
    },
  };
}
