/** What other features use of ingestion: its counters (shown on the device list). */
export type { IngestCounters } from './service';
