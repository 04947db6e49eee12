export {
  bandOf,
  type DotStatus,
  doseStatus,
  dotStatusOf,
  intakeStatus,
  intakeStatusOf,
  lastTakeInstant,
} from './band';
export { chartDayBoundaries, chartDayMinutes, chartDayOf, chartDayWindow } from './chart-day';
export {
  ABOUT_1H_MS,
  CHART_DAY_START,
  CHART_DAY_START_MS,
  MATCH_WINDOW_MS,
  MERGE_WINDOW_MS,
  ON_TIME_MS,
} from './constants';
export {
  type AdherenceInput,
  type AdherenceResult,
  computeAdherence,
  type DayResult,
  type DoseResult,
  type IntakeResult,
  type MedicineResult,
  nextStatusChange,
  type PeriodResult,
} from './engine';
export { doseInstances, groupIntakes, intakesOf } from './instances';
export { type MatchPair, type MatchResult, matchPresses } from './match';
export { mergePresses } from './merge';
export { addCounts, type Counts, countIntake, emptyCounts, type Tally, tallyOf } from './stats';
export { trackingStart } from './tracking';
export type {
  Band,
  DateRange,
  DoseAmount,
  DoseConfirmation,
  DoseInstance,
  Intake,
  IntakeStatus,
  MedicineId,
  MedicineSchedule,
  TimeWindow,
} from './types';
