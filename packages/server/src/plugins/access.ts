import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ACCESS, type AccessScope } from '../policies';

/**
 * Registers route plugins inside one access scope: its check runs as the first hook of every
 * route in it (onRequest, before the body is read or validated), so a caller without access gets
 * 401/403 and never a 400 that tells them about the route's fields.
 */
export function scope(name: AccessScope, ...routes: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const check = ACCESS[name];
    if (check)
      // A callback hook: a check decided at once (a signed-in user in memory) goes on without a
      // trip through the microtask queue.
      app.addHook('onRequest', (request, _reply, done) => {
        let pending: void | Promise<void>;
        try {
          pending = check(app, request);
        } catch (err) {
          done(err as Error);
          return;
        }
        if (pending) pending.then(() => done(), done);
        else done();
      });
    for (const plugin of routes) await app.register(plugin);
  };
}
