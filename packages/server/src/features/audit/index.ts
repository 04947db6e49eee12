// The audit log: who did what to whom, written in the transaction of what was done, or (a read logged
// before it is answered) in a group commit with the other lines of the moment.
export { audit, auditCommitsOf } from './audit-log';
