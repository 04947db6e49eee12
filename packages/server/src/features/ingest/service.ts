import { createHash } from 'node:crypto';
import {
  type DecodedUplink,
  type DecodeStatus,
  type DeviceProfile,
  decodeUplink,
  detectProfile,
  emptyMeasurement,
  hasReading,
  isDeviceProfile,
  type ParsedEvent,
  type ParsedUplink,
} from '@dosedot/domain/lorawan';
import type { FastifyBaseLogger } from 'fastify';
import { type Insertable, PostgresAdapter } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { ButtonPressesTable, SensorReadingsTable, UplinksTable } from '../../db/types';
import { GroupCommit, sharedFlush } from '../../lib/group-commit';
import { walFlusher } from '../../lib/wal-flush';
import {
  insertSensors,
  type SensorRef,
  sensorsByDeveui,
  updateSensorBattery,
  updateSensorSummaries,
} from '../sensors';
import { insertPresses, insertReadings, insertUplinks, writeUplinksPostgres } from './queries';

/** A box's summary from an uplink (updateSensorSummaries). */
type SensorSummary = Parameters<typeof updateSensorSummaries>[1][number];

/** Where an uplink came from: network server and transport. */
export type IngestSource =
  | 'tts:webhook'
  | 'chirpstack:webhook'
  | 'thingpark:webhook'
  | 'loriot:webhook'
  | 'helium:webhook'
  | 'tts:mqtt'
  | 'chirpstack:mqtt'
  | 'tts:simulator'
  | 'chirpstack:simulator';

export interface IngestItem {
  /** The uplink, its receivedAt ours when the network server dated it in the future. */
  uplink: ParsedUplink;
  /** The network server's reception time when it was not used (more than CLOCK_SKEW_MS ahead), else null. */
  claimedReceivedAt: number | null;
  /** The frame's own key (frameKeyOf): a second copy with another correlation id has the same one. */
  frameKey: Buffer;
  /** The document as received, stored with the uplink. */
  envelope: string;
  source: IngestSource;
}

export type IngestResult =
  | { result: 'stored' | 'duplicate' | 'ignored'; identity: string | null; decode: DecodeStatus | null }
  | { result: 'invalid'; reason: string; field?: string };

/** Counted since the process started (undecodable uplinks are also in the uplinks table). */
export interface IngestCounters {
  uplinks: number;
  stored: number;
  duplicates: number;
  decoded: number;
  fallback: number;
  undecodable: number;
  ignored: number;
  /** Webhook bodies refused with 400. */
  rejected: number;
  /** MQTT messages that were not JSON or not an uplink document. */
  badMessages: number;
  statusEvents: number;
  logEvents: number;
  otherEvents: number;
  devicesRegistered: number;
  /** Uplinks stored with our receive time because the network server dated them in the future. */
  futureDated: number;
  /** ChirpStack status events older than the device's last uplink: their battery was not applied. */
  staleStatusEvents: number;
}

/**
 * How far ahead of our clock a network server may date an uplink (clock skew, a slow NTP sync). An
 * uplink dated further ahead is stored with our own receive time and flagged (claimed_received_at):
 * an uplink dated 2099 must not make a dead box look alive until then. An uplink dated in the past
 * keeps the network server's time: a broker rightly delivers what it queued while we were down.
 */
export const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The frame's key: DevEUI, session, frame counter and payload. The network server's own ids (TTS
 * correlation id, ChirpStack deduplicationId) are new when it sends the same frame again (a
 * retransmission the network server let through, an integration replayed, a copy without ids), so
 * this key catches what the identity does not. Within one session only: after a rejoin the counter
 * starts again and the frames are new. Without a session (rare), the network server's reception
 * time stands for it, as in the identity.
 */
export function frameKeyOf(u: ParsedUplink): Buffer {
  const session = u.session === null ? `t${u.receivedAt}` : `s${u.session}`;
  return createHash('sha256')
    .update(JSON.stringify([u.deveui, session, u.fCnt, u.payloadBase64 ?? '']))
    .digest();
}

/** PostgreSQL: boxes kept in memory between batches (id, DevEUI and profile; checked by each batch). */
const KNOWN_BOXES = 100_000;

/** Readings a device timestamps itself are kept only within this window around reception. */
const HISTORY_PAST_MS = 400 * 86_400_000;
const HISTORY_FUTURE_MS = 5 * 60_000;

export interface IngestOptions {
  log: FastifyBaseLogger;
  /**
   * SQLite: the database file. Its write-ahead log is flushed to disk (lib/wal-flush.ts) after each commit and
   * before the commit's uplinks are answered. Absent on PostgreSQL (a commit is durable) and for an
   * in-memory database.
   */
  sqliteFile?: string;
  maxBatch?: number;
  now?: () => number;
}

/**
 * Ingestion (ARCHITECTURE section 6): every uplink, whatever its transport, is decoded with our
 * codecs and written by a group commit (uplink row, readings, presses, device summary, a new device
 * registered) in one durable transaction; the caller answers after that commit. Duplicates (same
 * identity) are acknowledged and not stored again.
 */
export function createIngestService(db: Db, opts: IngestOptions) {
  const now = opts.now ?? Date.now;
  const log = opts.log;
  const counters: IngestCounters = {
    uplinks: 0,
    stored: 0,
    duplicates: 0,
    decoded: 0,
    fallback: 0,
    undecodable: 0,
    ignored: 0,
    rejected: 0,
    badMessages: 0,
    statusEvents: 0,
    logEvents: 0,
    otherEvents: 0,
    devicesRegistered: 0,
    futureDated: 0,
    staleStatusEvents: 0,
  };

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const sqliteFile = opts.sqliteFile;
  /** Resolves when every commit so far is on disk (SQLite; undefined on PostgreSQL). */
  const disk = sqliteFile === undefined ? undefined : walFlusher(sqliteFile);
  const onDisk = disk ? sharedFlush(disk.flush) : undefined;

  /** The work in one transaction that is on disk when it resolves. */
  async function durably<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    const result = await inTransaction(db, work);
    await onDisk?.();
    return result;
  }

  async function resolveSensors(trx: Db, uplinks: ParsedUplink[], at: number) {
    // One indexed look-up per batch for all its devices.
    const byDeveui = new Map<string, SensorRef>();
    const missing = new Map<string, ParsedUplink>();
    for (const u of uplinks) if (!missing.has(u.deveui)) missing.set(u.deveui, u);
    for (const s of await sensorsByDeveui(trx, [...missing.keys()])) {
      byDeveui.set(s.deveui, s);
      missing.delete(s.deveui);
    }
    const registered = await insertSensors(
      trx,
      [...missing.values()].map((u) => ({
        deveui: u.deveui,
        device_profile: detectProfile(u),
        name: u.deviceName?.slice(0, 100) ?? null,
        created_at: at,
      })),
    );
    for (const s of registered) byDeveui.set(s.deveui, s);
    // Another server copy registered one between our select and insert: read it.
    const raced = [...missing.keys()].filter((d) => !byDeveui.has(d));
    for (const s of await sensorsByDeveui(trx, raced)) byDeveui.set(s.deveui, s);
    return { byDeveui, registered };
  }

  function decodeFor(uplink: ParsedUplink, sensor: SensorRef): DecodedUplink {
    if (uplink.simulated)
      return {
        status: 'ignored',
        measurement: emptyMeasurement(),
        error: 'TTS Console simulation: no readings',
      };
    const profile: DeviceProfile = isDeviceProfile(sensor.device_profile)
      ? sensor.device_profile
      : 'dosedot-box';
    return decodeUplink(uplink, profile);
  }

  /** The first delivery of each identity and each frame in a batch (indexes); later ones are duplicates. */
  function firstsOf(items: IngestItem[]): Set<number> {
    const identities = new Set<string>();
    const frames = new Set<string>();
    const firsts = new Set<number>();
    items.forEach((it, i) => {
      const frame = it.frameKey.toString('latin1');
      if (identities.has(it.uplink.identity) || frames.has(frame)) return;
      identities.add(it.uplink.identity);
      frames.add(frame);
      firsts.add(i);
    });
    return firsts;
  }

  /** The uplink rows of a batch's first deliveries, each decoded with its box's profile. */
  function uplinkRows(unique: IngestItem[], sensorOf: (u: ParsedUplink) => SensorRef, at: number) {
    const decoded = new Map<string, DecodedUplink>();
    for (const it of unique) decoded.set(it.uplink.identity, decodeFor(it.uplink, sensorOf(it.uplink)));
    const rows = unique.map((it): Insertable<UplinksTable> => {
      const d = decoded.get(it.uplink.identity);
      return {
        identity: it.uplink.identity,
        deveui: it.uplink.deveui,
        source: it.source,
        received_at: it.uplink.receivedAt,
        claimed_received_at: it.claimedReceivedAt,
        frame_key: it.frameKey,
        f_port: it.uplink.fPort,
        f_cnt: it.uplink.fCnt,
        payload: it.uplink.payloadBase64,
        envelope: it.envelope,
        decode_status: d?.status ?? 'undecodable',
        decode_error: d?.error?.slice(0, 500) ?? null,
        created_at: at,
      };
    });
    return { decoded, rows };
  }

  /**
   * The readings, presses and box summaries of stored uplinks (`uplinkId` their new ids), each row
   * with its uplink's identity. A summary per uplink: the box's takes the newest (`summariesOf`).
   */
  function rowsOfStored(
    stored: IngestItem[],
    sensorOf: (u: ParsedUplink) => SensorRef,
    decoded: Map<string, DecodedUplink>,
    uplinkId: (identity: string) => number | null,
  ) {
    const readings: (Insertable<SensorReadingsTable> & { identity: string })[] = [];
    const presses: (Insertable<ButtonPressesTable> & { identity: string })[] = [];
    const summaries: (SensorSummary & { identity: string })[] = [];
    const sorted = [...stored].sort((a, b) => a.uplink.receivedAt - b.uplink.receivedAt);
    for (const it of sorted) {
      const u = it.uplink;
      const sensor = sensorOf(u);
      const id = uplinkId(u.identity);
      const m = decoded.get(u.identity)?.measurement ?? emptyMeasurement();
      if (hasReading(m))
        readings.push({
          identity: u.identity,
          sensor_id: sensor.id,
          uplink_id: id,
          measured_at: u.receivedAt,
          temperature: m.temperature,
          humidity: m.humidity,
          battery: m.battery,
          motion: m.motion,
        });
      for (const h of m.history) {
        if (h.at > u.receivedAt + HISTORY_FUTURE_MS || h.at < u.receivedAt - HISTORY_PAST_MS) continue;
        readings.push({
          identity: u.identity,
          sensor_id: sensor.id,
          uplink_id: id,
          measured_at: h.at,
          temperature: h.temperature,
          humidity: h.humidity,
          battery: null,
          motion: h.motion,
        });
      }
      for (const offset of m.pressOffsets)
        presses.push({
          identity: u.identity,
          sensor_id: sensor.id,
          uplink_id: id,
          pressed_at: u.receivedAt - offset * 1000,
        });
      // Our receive time is a guess at when the box spoke: it does not say the box is alive.
      if (it.claimedReceivedAt !== null) continue;
      summaries.push({
        identity: u.identity,
        sensorId: sensor.id,
        at: u.receivedAt,
        battery: m.battery,
        buttonmode: m.buttonMode,
      });
    }
    return { readings, presses, summaries };
  }

  /** Each box's summary from its uplinks in receive order: the newest time, battery and button mode reported. */
  function summariesOf(perUplink: SensorSummary[]): SensorSummary[] {
    const summaries = new Map<number, SensorSummary>();
    for (const s of perUplink) {
      const before = summaries.get(s.sensorId);
      summaries.set(s.sensorId, {
        sensorId: s.sensorId,
        at: Math.max(before?.at ?? 0, s.at),
        battery: s.battery ?? before?.battery ?? null,
        buttonmode: s.buttonmode ?? before?.buttonmode ?? null,
      });
    }
    return [...summaries.values()];
  }

  function resultsOf(
    items: IngestItem[],
    firsts: Set<number>,
    storedIds: Set<string>,
    decoded: Map<string, DecodedUplink>,
  ) {
    return items.map((it, i) => {
      const identity = it.uplink.identity;
      const first = firsts.has(i) && storedIds.has(identity);
      return {
        result: first ? ('stored' as const) : ('duplicate' as const),
        identity,
        decode: decoded.get(identity)?.status ?? null,
        claimedReceivedAt: first ? it.claimedReceivedAt : null,
        deveui: it.uplink.deveui,
      };
    });
  }

  const sensorLookup = (byDeveui: Map<string, SensorRef>) => (u: ParsedUplink) => {
    const s = byDeveui.get(u.deveui);
    if (!s) throw new Error(`sensor ${u.deveui} was not registered`);
    return s;
  };

  /** A batch in one transaction, statement by statement (SQLite; PostgreSQL when a box is new). */
  async function writeBatch(trx: Db, items: IngestItem[]) {
    const at = now();
    const firsts = firstsOf(items);
    const unique = [...firsts].map((i) => items[i] as IngestItem);
    const { byDeveui, registered } = await resolveSensors(
      trx,
      unique.map((it) => it.uplink),
      at,
    );
    const sensorOf = sensorLookup(byDeveui);
    const { decoded, rows } = uplinkRows(unique, sensorOf, at);
    const inserted = await insertUplinks(trx, rows);
    const uplinkId = new Map(inserted.map((r) => [r.identity, r.id]));
    const stored = unique.filter((it) => uplinkId.has(it.uplink.identity));
    const { readings, presses, summaries } = rowsOfStored(
      stored,
      sensorOf,
      decoded,
      (identity) => uplinkId.get(identity) ?? null,
    );
    await insertReadings(
      trx,
      readings.map(({ identity: _, ...r }) => r),
    );
    await insertPresses(
      trx,
      presses.map(({ identity: _, ...p }) => p),
    );
    await updateSensorSummaries(trx, summariesOf(summaries));
    return { results: resultsOf(items, firsts, new Set(uplinkId.keys()), decoded), registered };
  }

  /**
   * PostgreSQL: the boxes as last read (id, DevEUI, profile), so a batch of known boxes goes to the
   * database once. The batch's statement checks them (writeUplinksPostgres) and writes nothing
   * when one has changed (a profile set, a box deleted); the batch is then read again and written.
   */
  const knownBoxes = new LRUCache<string, SensorRef>({ max: KNOWN_BOXES });

  /**
   * PostgreSQL: a batch whose boxes are all known in one round trip, one statement (uplinks,
   * readings, presses and box summaries, only of the uplinks it stored) that commits on its own:
   * atomic and durable when it answers; with a box not in `knownBoxes` after their look-up, two.
   * Five statements and a transaction's begin and commit were seven round trips, and the event loop
   * waited for them. A new box registers in the transaction of `writeBatch`.
   */
  async function writeBatchPostgres(items: IngestItem[], again = false) {
    const at = now();
    const firsts = firstsOf(items);
    const unique = [...firsts].map((i) => items[i] as IngestItem);
    const deveuis = [...new Set(unique.map((it) => it.uplink.deveui))];
    const byDeveui = new Map<string, SensorRef>();
    for (const d of deveuis) {
      const box = knownBoxes.get(d);
      if (box) byDeveui.set(d, box);
    }
    if (byDeveui.size < deveuis.length) {
      for (const box of await sensorsByDeveui(db, deveuis)) {
        byDeveui.set(box.deveui, box);
        knownBoxes.set(box.deveui, box);
      }
      if (byDeveui.size < deveuis.length) return inTransaction(db, (trx) => writeBatch(trx, items));
    }
    const sensorOf = sensorLookup(byDeveui);
    const { decoded, rows } = uplinkRows(unique, sensorOf, at);
    // Every first delivery's rows: the statement keeps those of the uplinks it stored.
    const { readings, presses, summaries } = rowsOfStored(unique, sensorOf, decoded, () => null);
    const stored = await writeUplinksPostgres(db, [...byDeveui.values()], rows, readings, presses, summaries);
    if (stored === 'boxes changed') {
      for (const d of deveuis) knownBoxes.delete(d);
      if (again) throw new Error('the boxes changed twice while their uplinks were written');
      return writeBatchPostgres(items, true);
    }
    return {
      results: resultsOf(items, firsts, new Set(stored.map((r) => r.identity)), decoded),
      registered: [],
    };
  }

  const commits = new GroupCommit<IngestItem, IngestResult>(
    async (items) => {
      const { results, registered } = postgres
        ? await writeBatchPostgres(items)
        : await inTransaction(db, (trx) => writeBatch(trx, items));
      // After the commit: count, and say what is new.
      counters.devicesRegistered += registered.length;
      for (const s of registered)
        log.info({ deveui: s.deveui, profile: s.device_profile }, 'new device registered');
      for (const r of results) {
        counters.uplinks++;
        if (r.result === 'stored') {
          counters.stored++;
          if (r.decode) counters[r.decode]++;
          if (r.decode === 'undecodable') log.warn({ identity: r.identity }, 'undecodable uplink stored raw');
          if (r.claimedReceivedAt !== null) {
            counters.futureDated++;
            log.warn(
              {
                identity: r.identity,
                deveui: r.deveui,
                claimedReceivedAt: new Date(r.claimedReceivedAt).toISOString(),
              },
              'uplink dated in the future by the network server: stored with our receive time (check its clock)',
            );
          }
        } else counters.duplicates++;
      }
      return results.map(({ result, identity, decode }) => ({ result, identity, decode }));
    },
    opts.maxBatch,
    onDisk,
  );

  /** False when the event is older than the device's last uplink, so its battery was not applied. */
  async function applyStatus(deveui: string, battery: number | null, at: number): Promise<boolean> {
    return durably(async (trx) => {
      const [sensor] = await sensorsByDeveui(trx, [deveui]);
      const ref =
        sensor ??
        (
          await insertSensors(trx, [{ deveui, device_profile: 'dosedot-box', name: null, created_at: now() }])
        )[0] ??
        (await sensorsByDeveui(trx, [deveui]))[0];
      if (!ref || battery === null) return true;
      return updateSensorBattery(trx, ref.id, battery, at);
    });
  }

  return {
    counters,
    /** Commit statistics of the group commit. */
    commitStats: commits.stats,

    /** Handles one parsed document; resolves after its commit. `invalid` is for the caller to answer. */
    async receive(event: ParsedEvent, envelope: string, source: IngestSource): Promise<IngestResult> {
      switch (event.kind) {
        case 'uplink': {
          const u = event.uplink;
          const arrived = now();
          const future = u.receivedAt > arrived + CLOCK_SKEW_MS;
          return commits.submit({
            uplink: future ? { ...u, receivedAt: arrived } : u,
            claimedReceivedAt: future ? u.receivedAt : null,
            frameKey: frameKeyOf(u),
            envelope,
            source,
          });
        }
        case 'status': {
          counters.statusEvents++;
          const arrived = now();
          const at = event.receivedAt > arrived + CLOCK_SKEW_MS ? arrived : event.receivedAt;
          if (await applyStatus(event.deveui, event.battery, at))
            return { result: 'stored', identity: null, decode: null };
          counters.staleStatusEvents++;
          return { result: 'ignored', identity: null, decode: null };
        }
        case 'log':
          counters.logEvents++;
          log.info({ deveui: event.deveui, level: event.level, code: event.code, source }, event.description);
          return { result: 'ignored', identity: null, decode: null };
        case 'ignored':
          counters.otherEvents++;
          return { result: 'ignored', identity: null, decode: null };
        case 'invalid':
          return event.field === undefined
            ? { result: 'invalid', reason: event.reason }
            : { result: 'invalid', reason: event.reason, field: event.field };
      }
    },

    /**
     * Waits for every submitted uplink to be committed and on disk, then lets go of the log's file
     * (before the database closes).
     */
    drain: async () => {
      await commits.drain();
      await disk?.close();
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
