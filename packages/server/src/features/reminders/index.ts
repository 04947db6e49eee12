/** Reminders and missed-dose alerts: the routes, the service and its scheduler (issue 26). */
export { remindersOfProfile } from './queries';
export { reminderActionRoutes, reminderRoutes } from './routes';
export { reminderSchedulerPart } from './scheduler';
export { createReminderService } from './service';
