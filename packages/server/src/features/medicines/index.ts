/** What other features use of a patient's medicines: the service, and the rows with their dosage times. */
export { listMedicines, type MedicineRow, medicineNames, schedulesOf } from './queries';
export { createMedicineService } from './service';
