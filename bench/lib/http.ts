import http from 'node:http';

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

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
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), body }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
