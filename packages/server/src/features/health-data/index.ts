/** What other features use of My Health Data: the record, opened and presented (the account's export). */
export { createHealthDataService, presentHealthData } from './service';
