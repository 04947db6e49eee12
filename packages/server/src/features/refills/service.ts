import { MAX_ADHERENCE_DAYS, type MedicineStock } from '@dosedot/domain';
import { chartDayOf } from '@dosedot/domain/adherence';
import { type Drawn, daysLeft, stockLeft } from '@dosedot/domain/reminders';
import { addDays } from '@dosedot/domain/time';
import type { Db } from '../../db';
import { createAdherenceService } from '../adherence';
import { medicinesWithStock, schedulesOf } from '../medicines';
import { profileClock } from '../profiles';

/**
 * Refills (issue 26 item 6): what is left of each medicine's stock, worked out from the intakes since
 * it was counted (the domain's `stockLeft`): the adherence engine's doses taken by a press or
 * confirmed by hand draw one intake's amount (a confirmation its own amount when it gives one), an
 * as-needed intake by hand its amount. Nothing is kept, so nothing is counted twice. A stock set
 * longer ago than the engine's longest range counts from the start of that range.
 */
export function createRefillService(db: Db) {
  const adherence = createAdherenceService(db);
  return {
    async stockOf(profileId: number, now = Date.now()): Promise<MedicineStock[]> {
      const rows = await medicinesWithStock(db, profileId);
      if (rows.length === 0) return [];
      const { timezone } = await profileClock(db, profileId);
      const today = chartDayOf(now, timezone);
      const earliest = addDays(today, -(MAX_ADHERENCE_DAYS - 1));
      const first = chartDayOf(Math.min(...rows.map((m) => m.stock_at)), timezone);
      const from = first < earliest ? earliest : first > today ? today : first;
      const [{ result, manual }, schedules] = await Promise.all([
        adherence.compute(profileId, { from, to: today }, now),
        schedulesOf(
          db,
          rows.map((m) => m.id),
        ),
      ]);
      const confirmed = new Map(
        manual.flatMap((x) =>
          x.scheduled_at === null ? [] : [[`${x.medicine_id}@${x.scheduled_at}`, x.amount]],
        ),
      );
      return rows.map((m) => {
        const drawn: Drawn[] = [];
        for (const day of result.days)
          for (const intake of day.intakes)
            for (const dose of intake.doses) {
              if (dose.medicineId !== m.id) continue;
              if (dose.status === 'taken') drawn.push({ at: intake.scheduledAt, amount: null });
              else if (dose.status === 'by_hand')
                drawn.push({
                  at: intake.scheduledAt,
                  amount: confirmed.get(`${m.id}@${intake.scheduledAt}`) ?? null,
                });
            }
        for (const x of manual)
          if (x.medicine_id === m.id && x.scheduled_at === null)
            drawn.push({ at: Number(x.taken_at), amount: x.amount });
        const perIntake = m.per_intake ?? 1;
        const left = stockLeft({ stock: m.stock, stockAt: m.stock_at, perIntake }, drawn);
        // Daily doses to go by: the dosage times of a scheduled medicine without another posology.
        const perDay =
          m.type === 1 && m.posology === null ? schedules.filter((s) => s.medicine_id === m.id).length : 0;
        return {
          medicineId: m.id,
          stock: m.stock,
          stockAt: new Date(m.stock_at).toISOString(),
          perIntake,
          left,
          daysLeft: daysLeft(left, perIntake, perDay),
        };
      });
    },
  };
}
