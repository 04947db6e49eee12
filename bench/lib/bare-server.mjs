// The ceiling: a bare Fastify server with no plugins, answering each path with the exact bytes
// DoseDot sent for it: its headers (content type and security headers; Node writes date, length
// and connection itself) and its body. Plain JavaScript, so nothing but Fastify runs.
// Usage: node bench/lib/bare-server.mjs <routes.json>  → prints "listening on <url>".
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const routes = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });
// One route per path; paths asked with several query strings (the fleet lists) answer by the whole URL.
const byPath = new Map();
for (const r of routes) {
  const answer = {
    body: Buffer.from(r.body, 'utf8'),
    headers: { ...r.headers, 'content-type': r.contentType },
  };
  const path = r.path.split('?')[0];
  if (!byPath.has(path)) byPath.set(path, new Map());
  byPath.get(path).set(r.path, answer);
}
for (const [path, answers] of byPath) {
  const only = answers.size === 1 ? [...answers.values()][0] : undefined;
  // GET, or POST for the routes DoseDot answers to a POST (its body is read and parsed as there).
  app.route({
    method: routes.find((r) => r.path.split('?')[0] === path)?.method ?? 'GET',
    url: path,
    handler: (request, reply) => {
      const answer = only ?? answers.get(request.url) ?? [...answers.values()][0];
      reply.headers(answer.headers).send(answer.body);
    },
  });
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening on ${address}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
