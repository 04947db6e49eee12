import type { Medicine } from '@dosedot/domain';

/** "Metformin 500 mg": a medicine, by id, with its strength. */
export function medicineName(id: number, medicines: Medicine[]): string {
  const m = medicines.find((x) => x.id === id);
  return m ? [m.name, m.strength].filter(Boolean).join(' ') : `#${id}`;
}

/** "Metformin 500 mg, Ramipril 5 mg": the medicines of an intake, by id, with their strength. */
export const medicineNames = (ids: number[], medicines: Medicine[]): string =>
  ids.map((id) => medicineName(id, medicines)).join(', ');

/**
 * True when some medicine has doses to take: dosage times, or a posology that is not only in reserve
 * (decision 0014: such a medicine is type 1 without dosage times). Without one, there is nothing to plan.
 */
export const hasSchedule = (medicines: Medicine[]) =>
  medicines.some((m) => m.type === 1 && (m.dosage_times.length > 0 || m.posology !== null));
