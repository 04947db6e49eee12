// The ceiling: a bare Fastify server with no plugins, answering each path with the exact bytes
// DoseDot sent for it: its headers (content type and security headers; Node writes date, length
// and connection itself) and its body. Plain JavaScript, so nothing but Fastify runs.
// Usage: node bench/lib/bare-server.mjs <routes.json>  → prints "listening on <url>".
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const routes = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });
for (const r of routes) {
  const body = Buffer.from(r.body, 'utf8');
  const headers = { ...r.headers, 'content-type': r.contentType };
  app.get(r.path.split('?')[0], (_request, reply) => {
    reply.headers(headers).send(body);
  });
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening on ${address}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
