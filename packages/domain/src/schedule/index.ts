export {
  DOSAGE_TIME_MESSAGE,
  isDosageTime,
  normaliseDosageTime,
  sortDosageTimes,
} from './dosage-time';
export { GALENIC_FORMS, type GalenicForm, isGalenicForm } from './galenic-forms';
export {
  checkMedicineDates,
  INVALID_DATE_MESSAGE,
  isWithinMedicineDates,
  type MedicineDatesError,
  START_AFTER_END_MESSAGE,
} from './medicine-dates';
