/** What other features use of a patient's medicines: the service, and the rows with their dosage times. */
export { createIntakeService } from './intakes';
export { fullPosologyOf, scheduleOfRow } from './posology';
export { presentManualIntake } from './presenter';
export {
  listMedicines,
  type ManualIntakeRow,
  type MedicineRow,
  manualIntakesOfProfile,
  medicineNames,
  medicinesWithStock,
  schedulesOf,
} from './queries';
export { createMedicineService } from './service';
