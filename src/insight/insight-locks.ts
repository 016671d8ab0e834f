// Advisory locks for the insight jobs (roll-up, alert evaluation), keyed like the ledger's jobs.

export { advisoryKey, tryAdvisoryLock as tryAdvisoryLockOn } from '../ledger/postgres/postgres-locks.ts';
