// Per-request loggers created only when a request actually logs. Fastify builds a pino child (with the
// request id binding) for every request; most requests on the hot path never log at the active level,
// so the child is made on first use instead. Log lines still carry `request_id`.
import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;

class LazyRequestLogger {
  private readonly parent: FastifyBaseLogger;
  private readonly bindings: Bindings;
  private readonly opts: object;
  private made: FastifyBaseLogger | null = null;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, opts: object) {
    this.parent = parent;
    this.bindings = bindings;
    this.opts = opts;
  }

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.opts));
  }

  get level(): string { return this.made ? this.made.level : this.parent.level; }
  set level(value: string) { this.real.level = value; }
  fatal(...args: unknown[]) { (this.real.fatal as (...a: unknown[]) => void)(...args); }
  error(...args: unknown[]) { (this.real.error as (...a: unknown[]) => void)(...args); }
  warn(...args: unknown[]) { (this.real.warn as (...a: unknown[]) => void)(...args); }
  info(...args: unknown[]) { (this.real.info as (...a: unknown[]) => void)(...args); }
  debug(...args: unknown[]) { (this.real.debug as (...a: unknown[]) => void)(...args); }
  trace(...args: unknown[]) { (this.real.trace as (...a: unknown[]) => void)(...args); }
  silent(...args: unknown[]) { (this.real.silent as (...a: unknown[]) => void)(...args); }
  child(bindings: Bindings, opts?: object) { return this.real.child(bindings, opts); }
  isLevelEnabled(level: string) { return (this.real as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled(level); }
}

export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, opts: object): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, opts) as unknown as FastifyBaseLogger;
}
