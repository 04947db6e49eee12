import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { FastifyChildLoggerFactory } from 'fastify/types/logger';

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/**
 * The logger of one request, made only when something logs through it (a handler's warning, an
 * error): the same child the default would have made, with the request id bound. Most requests
 * log nothing but their one line, and making a pino child for each cost a few microseconds.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean },
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level() {
    return this.made?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  // Methods of the prototype, not fields: a request's logger allocates nothing but itself.
  fatal(...args: unknown[]) {
    this.call('fatal', args);
  }
  error(...args: unknown[]) {
    this.call('error', args);
  }
  warn(...args: unknown[]) {
    this.call('warn', args);
  }
  info(...args: unknown[]) {
    this.call('info', args);
  }
  debug(...args: unknown[]) {
    this.call('debug', args);
  }
  trace(...args: unknown[]) {
    this.call('trace', args);
  }
  silent() {}

  private call(method: LogMethod, args: unknown[]) {
    // A line below the level (the debug line of every request) makes no child.
    if (!this.made && this.options?.level === undefined && this.parent.isLevelEnabled?.(method) === false)
      return;
    const real = this.real;
    (real[method] as (...a: unknown[]) => void).apply(real, args);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made lazily (LazyRequestLogger). */
export const lazyRequestLogger: FastifyChildLoggerFactory = (logger, bindings, options) =>
  new LazyRequestLogger(logger, bindings, options);

/**
 * One log line per request, written when it is answered, not two: request id, method, URL,
 * address, status and time. Never headers or bodies, so no token or password can reach a log (and
 * no redaction pass runs on every line).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug('incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      reqId: request.id,
      method: request.method,
      url: request.url,
      ip: request.ip,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    const log = request.server.log;
    if (error) log.error({ ...line, err: error }, 'request errored');
    else log.info(line, 'request completed');
  }
}
