import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { FALLBACK_AUTOCHECKPOINT_PAGES, sqliteCheckpointer } from '../../db/checkpointer';
import { createIngestService, type IngestService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ingestion service shared by the webhooks and the MQTT subscriber. */
    ingest: IngestService;
  }
}

/**
 * One ingestion service per app (one group commit for every transport), and on a SQLite file the
 * checkpointer (db/checkpointer.ts). When the app closes, the
 * uplinks still waiting are committed before the database is stopped: onClose hooks run last
 * registered first, so this one runs before the lifecycle's.
 */
export const ingestPlugin = fp(
  async (app: FastifyInstance) => {
    const { database } = app.config;
    const sqliteFile = database.kind === 'sqlite' && database.file !== ':memory:' ? database.file : undefined;
    const service = createIngestService(app.db, {
      log: app.log.child({ part: 'ingest' }),
      ...(sqliteFile ? { sqliteFile } : {}),
    });
    // SQLite's checkpoints off the event loop (ingestion writes the most log; every write gains).
    if (sqliteFile) {
      await sql.raw(`pragma wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`).execute(app.db);
      app.lifecycle.add(sqliteCheckpointer(sqliteFile, app.log.child({ part: 'checkpointer' })));
    }
    app.decorate('ingest', service);
    app.addHook('onClose', async () => service.drain());
  },
  { name: 'dosedot-ingest', dependencies: ['dosedot-lifecycle', 'dosedot-context'] },
);
