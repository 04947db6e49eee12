import type { Medicine } from '@dosedot/domain';

/** "Metformin 500 mg, Ramipril 5 mg": the medicines of an intake, by id, with their strength. */
export function medicineNames(ids: number[], medicines: Medicine[]): string {
  return ids
    .map((id) => {
      const m = medicines.find((x) => x.id === id);
      return m ? [m.name, m.strength].filter(Boolean).join(' ') : `#${id}`;
    })
    .join(', ');
}

/** True when some medicine has a dosage time: without one, there is nothing to plan. */
export const hasSchedule = (medicines: Medicine[]) =>
  medicines.some((m) => m.type === 1 && m.dosage_times.length > 0);
