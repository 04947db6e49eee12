/**
 * What other features use of refills: the stock left (the reminders' refill reminder). Routes are
 * not here: app.ts composes them.
 */
export { createRefillService } from './service';
