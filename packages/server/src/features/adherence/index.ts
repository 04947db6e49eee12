/** What other features use of adherence: the engine over a profile's medicines and presses, and an intake as the API shows it. */
export { presentIntake } from './presenter';
export { createAdherenceService, type RangeAsked } from './service';
