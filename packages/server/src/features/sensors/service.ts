import {
  type ButtonPressHistoryRequest,
  MAX_PRESS_HISTORY_DAYS,
  MAX_TEMP_HUMI_HISTORY_DAYS,
  type SensorAssignment,
  type SensorySummariesResponse,
  type TempHumiHistoryRequest,
} from '@dosedot/domain';
import { MERGE_WINDOW_MS, mergePresses } from '@dosedot/domain/adherence';
import { DEFAULT_SERVICE_THRESHOLDS, type ServiceThresholds } from '@dosedot/domain/lorawan';
import type { Db } from '../../db';
import { holdRow } from '../../db/locks';
import { inTransaction } from '../../db/transaction';
import { dataFieldError, HttpError } from '../../lib/errors';
import { audit } from '../audit';
import { findProfileById, holderOfSensor, type ProfileRef, setProfileSensor } from '../profiles';
import {
  findHolderCandidate,
  lockBox,
  previousReturnOfProfile,
  previousReturnOfSensor,
} from './assign-queries';
import { instantOf, refusal } from './assign-rules';
import { clockOf, rangeOf, stamp } from './clock';
import { sensorsCsv } from './export-csv';
import { presentAssignment, presentSummaries } from './presenter';
import {
  allSensorSummaries,
  climateOfProfile,
  closeAssignments,
  countSensors,
  findSensorByDeveui,
  findSensorById,
  insertAssignment,
  listSensorSummaries,
  openAssignmentsOfSensor,
  pressesOfProfile,
  type SensorListQuery,
} from './queries';

const conflict = (message: string) => new HttpError(409, 'ConflictError', message);

type IngestMeta = SensorySummariesResponse['meta']['ingest'];

/** The ingestion's counters (app.ingest.counters holds more) as the device list's `meta.ingest` shows them. */
export const ingestMeta = (c: IngestMeta): IngestMeta => ({
  uplinks: c.uplinks,
  stored: c.stored,
  duplicates: c.duplicates,
  undecodable: c.undecodable,
  rejected: c.rejected,
  badMessages: c.badMessages,
});

/** The patient a history call is about (the door's subject): their profile and time zone. */
export interface PatientOfCall {
  id: number;
  timezone: string;
}

export interface Actor {
  userId: number;
  ip: string;
}

/**
 * Devices, their assignment to patients (a history: ARCHITECTURE section 4) and what a patient's
 * boxes recorded while they were theirs.
 */
export function createSensorService(db: Db, opts: { thresholds?: ServiceThresholds } = {}) {
  const thresholds = opts.thresholds ?? DEFAULT_SERVICE_THRESHOLDS;

  return {
    /** One page of the device list; the counts in meta are over every device. */
    async summaries(
      query: SensorListQuery,
      ingest: SensorySummariesResponse['meta']['ingest'],
      now = Date.now(),
    ) {
      const { rows, total } = await listSensorSummaries(db, query, now, thresholds);
      const counts = await countSensors(db, now, thresholds);
      const page = { page: query.page, pageSize: query.pageSize, total };
      return presentSummaries(rows, now, thresholds, page, counts, ingest);
    },

    /**
     * The whole filtered list as CSV (every page, in the list's order), audited as an export of the
     * device list with its filters and how many rows it held.
     */
    async exportCsv(actor: Actor, query: SensorListQuery, now = Date.now()) {
      const rows = await allSensorSummaries(db, query, now, thresholds);
      await audit(db, {
        actorUserId: actor.userId,
        action: 'sensor.export',
        targetType: 'sensor',
        details: { rows: rows.length, filters: query.filters, anyOf: query.anyOf, fleet: query.fleet },
        ip: actor.ip,
      });
      return sensorsCsv(rows, now, thresholds);
    },

    /**
     * Gives an active patient a free box (issue 24 items 4, 7, 11). Each refusal carries
     * `details.reason` (ASSIGN_REFUSALS): 400 for an unknown patient or box and a bad `since`, 409
     * when the box is held, the patient holds another, is inactive or is an administrator. `since`
     * back-dates the holding (not in the future, not before the box's previous holder gave it back)
     * so the presses the box sent since count for the patient.
     */
    async assign(
      actor: Actor,
      profileId: number,
      deveui: string,
      opts: { since?: string } = {},
      now = Date.now(),
    ): Promise<SensorAssignment> {
      return inTransaction(db, async (trx) => {
        // The box, then the patient, held until the end: what is read below stays true until the
        // holding is written (two assignments at once are checked one after the other).
        await lockBox(trx, { deveui });
        await holdRow(trx, 'profiles', profileId);
        const profile = await findHolderCandidate(trx, profileId);
        if (!profile) throw refusal(400, 'patient_unknown', 'Profile not found', 'profileid');
        const sensor = await findSensorByDeveui(trx, deveui);
        if (!sensor) throw refusal(400, 'box_unknown', `Sensor ${deveui} does not exist`, 'deveui');
        if (profile.role !== 'basic')
          throw refusal(409, 'patient_admin', 'Only patients hold boxes: this profile is an administrator’s');
        if (profile.is_active === 0 || profile.blocked === 1)
          throw refusal(409, 'patient_inactive', 'The patient is inactive or blocked');
        const holder = await holderOfSensor(trx, sensor.id);
        if (holder && holder.id !== profile.id)
          throw refusal(
            409,
            'box_held',
            `Sensor ${deveui} is assigned to another patient: unassign it first`,
          );
        if (holder) {
          // Already theirs: nothing changes.
          const [open] = await openAssignmentsOfSensor(trx, sensor.id);
          if (open) return presentAssignment(open, sensor.deveui, profile.profileuid);
        } else if (profile.sensor_id !== null) {
          const other = await findSensorById(trx, profile.sensor_id);
          throw refusal(
            409,
            'patient_has_box',
            `The patient already has sensor ${other?.deveui ?? profile.sensor_id}: unassign it first`,
          );
        }
        const from = opts.since === undefined ? now : instantOf(opts.since, profile.timezone);
        if (from > now)
          throw refusal(400, 'since_future', 'The date the patient got the box is in the future', 'since');
        const returned = await previousReturnOfSensor(trx, sensor.id);
        if (returned !== null && from < returned)
          throw refusal(
            400,
            'since_before_return',
            `The box's previous holder gave it back at ${new Date(returned).toISOString()}: the patient cannot have had it earlier`,
            'since',
            { returnedAt: new Date(returned).toISOString() },
          );
        const ownReturn = await previousReturnOfProfile(trx, profile.id);
        if (ownReturn !== null && from < ownReturn)
          throw refusal(
            400,
            'since_before_own_return',
            `The patient gave back their previous box at ${new Date(ownReturn).toISOString()}: they cannot have had this one earlier`,
            'since',
            { returnedAt: new Date(ownReturn).toISOString() },
          );
        // An interval left open without a holder (data from before this rule) ends when this one starts.
        await closeAssignments(trx, sensor.id, from);
        const row = await insertAssignment(trx, {
          sensor_id: sensor.id,
          profile_id: profile.id,
          assigned_from: from,
          assigned_by: actor.userId,
        });
        await setProfileSensor(trx, profile.id, sensor.id, now);
        await audit(trx, {
          actorUserId: actor.userId,
          action: 'sensor.assign',
          targetType: 'sensor',
          targetId: sensor.deveui,
          details: {
            profileId: profile.id,
            profileuid: profile.profileuid,
            ...(opts.since === undefined ? {} : { since: new Date(from).toISOString() }),
          },
          ip: actor.ip,
        });
        return presentAssignment(row, sensor.deveui, profile.profileuid);
      });
    },

    /** Takes a sensor from its patient: the interval closes, the profile's sensor is cleared, data stays. */
    async unassign(
      actor: Actor,
      which: { deveui?: string; profileid?: number },
      now = Date.now(),
    ): Promise<SensorAssignment> {
      return inTransaction(db, async (trx) => {
        let sensor = which.deveui ? await findSensorByDeveui(trx, which.deveui) : undefined;
        if (which.deveui && !sensor) throw dataFieldError('deveui', `Sensor ${which.deveui} does not exist`);
        let profile: ProfileRef | undefined;
        if (which.profileid !== undefined) {
          profile = await findProfileById(trx, which.profileid);
          if (!profile) throw dataFieldError('profileid', 'Profile not found');
          if (!sensor) {
            if (profile.sensor_id === null) throw conflict('The patient has no sensor');
            sensor = await findSensorById(trx, profile.sensor_id);
          }
        }
        if (!sensor) throw dataFieldError('deveui', 'Sensor not found');
        // The box, then its holder, locked as an assignment locks them (box first): its holder is read
        // once the box is held.
        await lockBox(trx, { id: sensor.id });
        const holder = await holderOfSensor(trx, sensor.id);
        if (!holder) throw conflict(`Sensor ${sensor.deveui} is not assigned to anyone`);
        await holdRow(trx, 'profiles', holder.id);
        if (profile && profile.id !== holder.id)
          throw conflict(`Sensor ${sensor.deveui} is not assigned to this patient`);
        const [open] = await openAssignmentsOfSensor(trx, sensor.id);
        await closeAssignments(trx, sensor.id, now);
        await setProfileSensor(trx, holder.id, null, now);
        await audit(trx, {
          actorUserId: actor.userId,
          action: 'sensor.unassign',
          targetType: 'sensor',
          targetId: sensor.deveui,
          details: { profileId: holder.id, profileuid: holder.profileuid },
          ip: actor.ip,
        });
        return presentAssignment(
          {
            id: open?.id ?? 0,
            sensor_id: sensor.id,
            profile_id: holder.id,
            assigned_from: open?.assigned_from ?? now,
            assigned_to: now,
          },
          sensor.deveui,
          holder.profileuid,
        );
      });
    },

    /** The patient's presses, merged by the 1-minute rule, in the caller's clock. */
    async pressHistory(profile: PatientOfCall, request: ButtonPressHistoryRequest) {
      const clock = clockOf(request.timeOffset, profile.timezone);
      const { from, to } = rangeOf(request.startDate, request.endDate, clock, MAX_PRESS_HISTORY_DAYS, {
        start: 'startDate',
        end: 'endDate',
      });
      // From a minute earlier, so a group of presses that began before the range is merged whole.
      const rows = await pressesOfProfile(db, profile.id, from - MERGE_WINDOW_MS, to);
      const deveuiAt = new Map<number, string>();
      for (const r of rows) if (!deveuiAt.has(r.pressed_at)) deveuiAt.set(r.pressed_at, r.deveui);
      const presses = mergePresses(rows.map((r) => r.pressed_at))
        .filter((at) => at >= from)
        .map((at) => ({ ...stamp(at, clock), deveui: deveuiAt.get(at) ?? '' }));
      return {
        profileId: profile.id,
        timeOffset: clock.label,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        presses,
      };
    },

    /** The patient's temperature and humidity readings as stored, in the caller's clock. */
    async climateHistory(profile: PatientOfCall, request: TempHumiHistoryRequest) {
      const clock = clockOf(request.timeOffset, profile.timezone);
      const { from, to } = rangeOf(request.startDate, request.endDate, clock, MAX_TEMP_HUMI_HISTORY_DAYS, {
        start: 'startDate',
        end: 'endDate',
      });
      const rows = await climateOfProfile(db, profile.id, from, to);
      return {
        profileId: profile.id,
        timeOffset: clock.label,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        readings: rows.map((r) => ({
          ...stamp(r.measured_at, clock),
          deveui: r.deveui,
          temperature: r.temperature,
          humidity: r.humidity,
        })),
      };
    },
  };
}
