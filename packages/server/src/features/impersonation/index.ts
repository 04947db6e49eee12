/** What the door (plugins/subject.ts) uses of impersonation: an administrator's open sessions. */
export { openSessions } from './queries';
