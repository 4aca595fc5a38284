import type { FastifyBaseLogger } from "fastify";

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger["child"]>[1]>;
type Line = Parameters<FastifyBaseLogger["info"]>;
type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
type ParentLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that becomes pino's child (bound to the request id) on its first line at a
 * level the logger writes. Fastify makes a child for every request, which costs about as much as
 * answering from the cache; most requests log nothing (request lines are off below info).
 */
class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return (this.#child ?? this.parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }

  fatal(...line: Line): void {
    this.#log("fatal", line);
  }
  error(...line: Line): void {
    this.#log("error", line);
  }
  warn(...line: Line): void {
    this.#log("warn", line);
  }
  info(...line: Line): void {
    this.#log("info", line);
  }
  debug(...line: Line): void {
    this.#log("debug", line);
  }
  trace(...line: Line): void {
    this.#log("trace", line);
  }
  silent(): void {}

  #real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }

  #log(level: Level, line: Line): void {
    if (this.#child || this.parent.isLevelEnabled(level)) this.#real()[level](...line);
  }
}

/**
 * Fastify's `childLoggerFactory`. A route with a log level or serializers of its own gets its
 * child at once, as Fastify would make it; so does a logger that cannot tell its levels (the
 * silent one of an app built without logging).
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const tellsLevels = typeof (logger as Partial<ParentLogger>).isLevelEnabled === "function";
  if (options.level || options.serializers || !tellsLevels) return logger.child(bindings, options);
  return new LazyChildLogger(logger as ParentLogger, bindings);
}
