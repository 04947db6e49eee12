// The audit log: who did what to whom, written by the features in the transaction of what they did.
export { audit, auditCommitsOf } from './audit-log';
