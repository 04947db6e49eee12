import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A part of the server that lives as long as the process: the database connection, the MQTT
 * subscriber, a scheduler. Started in order when the app is ready (before it listens), stopped in
 * reverse order when it closes, so a part never outlives one it depends on.
 */
export interface LongLived {
  name: string;
  start?: () => Promise<void> | void;
  /** Called on close whether or not start ran (a failed start must still release what it holds). */
  stop?: () => Promise<void> | void;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { add: (part: LongLived) => void; names: () => string[] };
  }
}

export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    const parts: LongLived[] = [];
    app.decorate('lifecycle', {
      add: (part: LongLived) => void parts.push(part),
      names: () => parts.map((p) => p.name),
    });
    app.addHook('onReady', async () => {
      for (const part of parts) {
        await part.start?.();
        app.log.debug({ part: part.name }, 'started');
      }
    });
    app.addHook('onClose', async () => {
      for (const part of [...parts].reverse()) {
        try {
          await part.stop?.();
        } catch (err) {
          app.log.error({ err, part: part.name }, 'could not stop cleanly');
        }
      }
    });
  },
  { name: 'dosedot-lifecycle' },
);
