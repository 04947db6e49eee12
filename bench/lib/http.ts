import http from 'node:http';

export interface Answer {
  status: number;
  contentType: string;
  body: string;
  /** The answer's headers but those Node's HTTP server writes itself (date, connection, length). */
  headers: Record<string, string>;
}

const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** One request over its own connection, from a chosen loopback address (127.0.0.x). */
export function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; json?: unknown; from?: string } = {},
): Promise<Answer> {
  const payload = opts.json === undefined ? undefined : JSON.stringify(opts.json);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: opts.method ?? (payload ? 'POST' : 'GET'),
        localAddress: opts.from,
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (!WRITTEN_BY_NODE.has(name) && value !== undefined) headers[name] = String(value);
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type']),
            body,
            headers,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
