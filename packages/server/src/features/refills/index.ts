/** What other features use of refills: the stock left (the reminders' refill reminder). */

export { refillRoutes } from './routes';
export { createRefillService } from './service';
