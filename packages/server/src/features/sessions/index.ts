/** What other features use of sessions: ending every other session, and the signed-in session's routes (logout, password change). */
export { endOtherSessions } from './queries';
export { sessionRoutes } from './routes';
