/**
 * What other features use of the boxes: a box by DevEUI, registered and summed up as ingestion
 * hears it (boxes.ts), who held it when, the presses and
 * readings of a patient's boxes from while they were theirs (one rule: queries.ts `whileHeldBy`),
 * and the day ranges in a patient's zone.
 */
export {
  insertSensors,
  type SensorRef,
  sensorsByDeveui,
  updateSensorBattery,
  updateSensorSummaries,
} from './boxes';
export { clockOf, rangeOf } from './clock';
export {
  boxHealthOfProfile,
  climateOfProfile,
  findSensorByDeveui,
  firstAssignmentOfProfile,
  intervalsOfSensor,
  pressesOfProfile,
} from './queries';
