/** What other features use of sessions: ending every other session (a two-step sign-in turned on or off). */
export { endOtherSessions } from './queries';
