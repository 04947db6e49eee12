import {
  type CreateIntakeRequest,
  INTAKE_FUTURE_SLACK_MS,
  INTAKE_MESSAGES,
  type ManualIntake,
} from '@dosedot/domain';
import { doseInstances, MATCH_WINDOW_MS } from '@dosedot/domain/adherence';
import type { SegmentTimes } from '@dosedot/domain/posology';
import { addDays, localDateOf, localToUtc } from '@dosedot/domain/time';
import type { Db } from '../../db';
import { holdRow } from '../../db/locks';
import { inTransaction } from '../../db/transaction';
import { dataFieldError, notFound } from '../../lib/errors';
import { scheduleOfRow } from './posology';
import { presentManualIntake } from './presenter';
import {
  deleteManualIntake,
  findDoseConfirmation,
  findManualIntake,
  findMedicine,
  insertManualIntake,
  type MedicineRow,
  schedulesOf,
} from './queries';
import type { RecordAccess } from './service';

/** Who enters an intake: the patient (their user id and zone) and the actor (themself, or an administrator). */
export interface IntakeAuthor {
  profileId: number;
  userId: number;
  timezone: string;
  /** The patient's day-segment times, where a posology names morning, noon, evening or night. */
  segmentTimes: SegmentTimes;
  actorId: number;
  record: RecordAccess;
}

/** Whether `at` is the instant of one of the medicine's scheduled doses. */
async function isDoseOf(
  db: Db,
  medicine: MedicineRow,
  at: number,
  { timezone, segmentTimes }: Pick<IntakeAuthor, 'timezone' | 'segmentTimes'>,
): Promise<boolean> {
  const date = localDateOf(at, timezone);
  const times = (await schedulesOf(db, [medicine.id])).map((s) => s.dosage_time);
  const doses = doseInstances(
    scheduleOfRow(medicine, times),
    timezone,
    { from: addDays(date, -1), to: addDays(date, 1) },
    segmentTimes,
  );
  return doses.some((dose) => dose.scheduledAt === at);
}

/**
 * Intakes entered by hand (issue 23 item 2). 'I took one' of an as-needed (type 2) medicine: now or
 * at a chosen time, never in the future (a few minutes of clock skew aside) nor before the
 * medicine's start date. A scheduled (type 1) medicine's dose without a box press: confirmed by hand
 * once, naming the dose's instant. Each command runs in one transaction with its access-log entry.
 */
export function createIntakeService(db: Db) {
  return {
    async add(
      author: IntakeAuthor,
      input: CreateIntakeRequest['data'],
      now = Date.now(),
    ): Promise<ManualIntake> {
      const row = await inTransaction(db, async (trx) => {
        const medicine = await findMedicine(trx, author.profileId, input.medicine);
        if (!medicine) throw dataFieldError('medicine', 'Medicine not found');
        const scheduledAt = input.scheduled_at === undefined ? null : Date.parse(input.scheduled_at);
        const takenAt =
          input.taken_at === undefined ? Math.min(now, scheduledAt ?? now) : Date.parse(input.taken_at);
        if (takenAt > now + INTAKE_FUTURE_SLACK_MS) throw dataFieldError('taken_at', INTAKE_MESSAGES.future);
        if (takenAt < localToUtc(medicine.start_date, '00:00', author.timezone))
          throw dataFieldError('taken_at', INTAKE_MESSAGES.beforeStart);
        if (medicine.type === 2 && scheduledAt !== null)
          throw dataFieldError('scheduled_at', 'An as-needed medicine has no scheduled doses');
        if (medicine.type === 1) {
          if (scheduledAt === null) throw dataFieldError('scheduled_at', 'This field is required');
          // A dose can be confirmed as early as a press could take it.
          if (scheduledAt > now + MATCH_WINDOW_MS)
            throw dataFieldError('scheduled_at', INTAKE_MESSAGES.future);
          if (!(await isDoseOf(trx, medicine, scheduledAt, author)))
            throw dataFieldError('scheduled_at', INTAKE_MESSAGES.notADose);
          // The reminder's 'I took it' and the page's button can meet: one confirmation.
          await holdRow(trx, 'medicines', medicine.id);
          if (await findDoseConfirmation(trx, medicine.id, scheduledAt))
            throw dataFieldError('scheduled_at', 'This dose is already confirmed by hand');
        }
        const inserted = await insertManualIntake(trx, {
          medicine_id: medicine.id,
          taken_at: takenAt,
          amount: input.amount ?? null,
          scheduled_at: scheduledAt,
          entered_by: author.actorId,
          entered_at: now,
        });
        await author.record(trx, {
          medicine: medicine.id,
          taken_at: new Date(takenAt).toISOString(),
          ...(scheduledAt === null ? {} : { scheduled_at: new Date(scheduledAt).toISOString() }),
        });
        return inserted;
      });
      return presentManualIntake(row, author.userId);
    },

    /** Deletes an intake entered by hand (the patient's undo); another patient's is not found. */
    async remove(author: IntakeAuthor, id: number): Promise<void> {
      await inTransaction(db, async (trx) => {
        const row = await findManualIntake(trx, author.profileId, id);
        if (!row) throw notFound('Intake not found');
        await deleteManualIntake(trx, id);
        await author.record(trx, {
          medicine: row.medicine_id,
          taken_at: new Date(row.taken_at).toISOString(),
        });
      });
    },
  };
}
