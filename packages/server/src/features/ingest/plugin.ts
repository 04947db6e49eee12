import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createIngestService, type IngestService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ingestion service shared by the webhooks and the MQTT subscriber. */
    ingest: IngestService;
  }
}

/**
 * One ingestion service per app (one group commit for every transport). When the app closes, the
 * uplinks still waiting are committed before the database is stopped: onClose hooks run last
 * registered first, so this one runs before the lifecycle's.
 */
export const ingestPlugin = fp(
  async (app: FastifyInstance) => {
    const service = createIngestService(app.db, {
      log: app.log.child({ part: 'ingest' }),
      ...(app.config.database.kind === 'sqlite' && app.config.database.file !== ':memory:'
        ? { sqliteFile: app.config.database.file }
        : {}),
    });
    app.decorate('ingest', service);
    app.addHook('onClose', async () => service.drain());
  },
  { name: 'dosedot-ingest', dependencies: ['dosedot-lifecycle', 'dosedot-context'] },
);
