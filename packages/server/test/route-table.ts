import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

/** The request schemas of a route, as its definition gives them (zod, from the contract). */
export interface RouteSchema {
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  headers?: ZodType;
}

/** One route of the app: its method, its URL with `:name` parameters, and its request schemas. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: RouteSchema;
  /** The names of the URL's path parameters, in order (`/imp/:impUserId/:id` → impUserId, id). */
  params: string[];
  /** Behind the door to a patient's data (plugins/subject.ts): what it records, and whether it writes. */
  access?: { action: string; writes: boolean };
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Records the routes of an app as it is built: `onRoute` goes to buildApp (an onRoute hook sees
 * every route, those of every plugin and scope included); `attach` ties the list to the app, so
 * `collectRoutes(app)` can read it. test/context.ts does this for every test app.
 */
export function routeRecorder() {
  const routes: RouteEntry[] = [];
  return {
    onRoute(route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = (route.schema ?? {}) as RouteSchema;
      for (const method of methods) {
        const entry: RouteEntry = {
          method: method.toUpperCase(),
          url: route.url,
          schema: {
            params: schema.params,
            querystring: schema.querystring,
            body: schema.body,
            headers: schema.headers,
          },
          params: [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? ''),
          access: (route.config as { access?: RouteEntry['access'] } | undefined)?.access,
        };
        routes.push(entry);
      }
    },
    attach(app: FastifyInstance) {
      tables.set(app, routes);
    },
  };
}

/**
 * Every route of a test app (built by createTestApp/useTestApp), in the order they were registered:
 * method, URL and the zod request schemas. Fastify's HEAD twins of GET routes (the GET's handler,
 * answered without a body) are left out; a HEAD route of its own stays. A route added later (a new
 * feature) is in the list without any test naming it.
 */
export function collectRoutes(app: FastifyInstance): RouteEntry[] {
  const routes = tables.get(app);
  if (!routes) throw new Error('collectRoutes: the app was not built by createTestApp');
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  const seen = new Set<string>();
  return routes.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key) || (r.method === 'HEAD' && gets.has(r.url))) return false;
    seen.add(key);
    return true;
  });
}
