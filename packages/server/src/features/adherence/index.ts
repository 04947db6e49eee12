/** What other features use of adherence: the patient's doses and their statuses (the reminders). */
export { createAdherenceService } from './service';
