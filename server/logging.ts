// The shop's log: what it may carry and when it is written.
//
// What: never a query's parameters (a failed insert would otherwise log the argon2 hash, the email and
// the address it carried), never credentials or cookies, card digits or a request's query string. Errors
// go through one serializer that keeps the SQL text and the database's error code and drops the values.
//
// When: request lines are batched (32 KiB or a second, whichever first) so a busy shop makes one write
// where it would make hundreds; warnings and errors are written synchronously, before the call that
// logged them returns, so the last lines before a crash are on disk.
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";

const SCRUBBED = "[scrubbed]";
/** Error fields that can carry the values of a query or a record (pg: detail "Key (email)=(…) exists"). */
const VALUE_FIELDS = new Set(["params", "parameters", "detail", "where", "internalQuery", "body", "payload", "password", "hash", "passwordHash", "token"]);
/** Long runs of digits that look like a card number (13–19 digits, spaces or dashes allowed). */
const CARD_DIGITS = /\b(?:\d[ -]?){12,18}\d\b/g;

function scrubText(text: string): string {
  // Drizzle's message is "Failed query: <sql>\nparams: <values>": the SQL stays, the values go.
  // In a stack the values run up to the first frame ("\n    at …"); in a message, to its end.
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${SCRUBBED}`).replace(CARD_DIGITS, "[digits]");
}

/** pino's error serializer, then every value-bearing field removed, down the cause chain. */
export function scrubbedError(error: unknown): unknown {
  if (!(error instanceof Error) && (typeof error !== "object" || error === null)) return error;
  const serialised = pino.stdSerializers.errWithCause(error as Error) as unknown as Record<string, unknown>;
  return scrubObject(serialised, 0);
}

function scrubObject(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (VALUE_FIELDS.has(key)) out[key] = SCRUBBED;
    else if (typeof field === "string") out[key] = scrubText(field);
    else if (field && typeof field === "object" && depth < 5) out[key] = field instanceof Error ? scrubbedError(field) : scrubObject(field as Record<string, unknown>, depth + 1);
    else out[key] = field;
  }
  return out;
}

/** Paths pino removes from any line, wherever a caller put them. */
export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  "password",
  "passwordHash",
  "token",
  "*.password",
  "*.passwordHash",
  "*.token",
  "*.billing",
  "*.delivery",
  "*.address",
];

type SerialisedError = { type: string; message: string; stack: string; [key: string]: unknown };
const serialiseError = (error: Error) => scrubbedError(error) as SerialisedError;

/** For `err` (and `error`) on any line: pino's error shape with the values scrubbed out. */
export const LOG_SERIALIZERS = { err: serialiseError, error: serialiseError };

/** A payment session id in a path (the test card page's address, the session look-up): the id is the page's only key. */
const PAYMENT_SESSION_SEGMENT = /\/cs_(?:test|live)_[^/]*/g;

/** A request's path for its log line: the query string can carry session ids and search terms, and a payment session id in the path is cut. */
export function loggedPath(url: string): string {
  const query = url.indexOf("?");
  const pathOnly = query === -1 ? url : url.slice(0, query);
  const redacted = pathOnly.includes("/cs_") ? pathOnly.replace(PAYMENT_SESSION_SEGMENT, "/cs_…") : pathOnly;
  return query === -1 ? redacted : `${redacted}?…`;
}

/** The one line every answer logs, whichever path served it (Fastify, the prepared answers, a direct route). */
export type RequestLog = (reqId: string, method: string, url: string, statusCode: number, ms: number) => void;

/**
 * A request line carries the request id, the method, the path without its query, the status and the time:
 * nothing a redaction path could match, so it never goes through redaction, whose wildcard paths would
 * otherwise run over every field of every line. With the shop's own output (production) the line is put
 * together here, in exactly the form pino gives it (server/logging.test.ts compares the two), and appended to
 * the batch: pino's general path took 4 µs of a cached page's 50 (bench/README.md). With any other
 * logger (tests) it goes through a child logger without redaction. Anything else a request logs goes through
 * the redacting logger.
 */
export function createRequestLog(log: FastifyBaseLogger, output?: LogOutput | null): RequestLog {
  const lines = log.child({}, { redact: { paths: [] } }) as FastifyBaseLogger & Pick<pino.Logger, "isLevelEnabled">;
  if (!output) {
    return (reqId, method, url, statusCode, ms) => {
      lines.info({ reqId, method, url: loggedPath(url), statusCode, ms: Math.round(ms * 10) / 10 }, "request");
    };
  }
  // What pino writes after the time: the process id, the host name and any bindings, as one JSON fragment.
  const base = (lines as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? "";
  const head = `{"level":${pino.levels.values.info},"time":`;
  return (reqId, method, url, statusCode, ms) => {
    if (!lines.isLevelEnabled("info")) return;
    output.append(
      `${head}${Date.now()}${base},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"url":${JSON.stringify(loggedPath(url))},"statusCode":${statusCode},"ms":${Math.round(ms * 10) / 10},"msg":"request"}\n`,
    );
  };
}

export type LogOutput = {
  stream: pino.DestinationStream;
  /** Adds an info line (JSON and its newline) to the batch. */
  append: (line: string) => void;
  flushSync: () => void;
};

/** A batch of request lines is written once it reaches this size, or after BATCH_MS, whichever first. */
const BATCH_BYTES = 32 * 1024;
const BATCH_MS = 1000;

/**
 * Request lines batched, warnings and errors written at once, all through one synchronous writer on stdout
 * (fd 1), so lines stay in order. The batch is an array joined once per write: appending each line to one
 * growing string (sonic-boom's own batching) measured that string's UTF-8 length again on every line,
 * which cost a busy shop more than the write calls the batching saves.
 */
export function createLogOutput(fd = 1): LogOutput {
  const out = pino.destination({ dest: fd, sync: true });
  let lines: string[] = [];
  let size = 0;
  const flushSync = () => {
    if (lines.length === 0) return;
    const batch = lines.join("");
    lines = [];
    size = 0;
    out.write(batch);
  };
  const append = (line: string) => {
    lines.push(line);
    size += line.length;
    if (size >= BATCH_BYTES) flushSync();
  };
  const stream: pino.DestinationStream = {
    write(line: string) {
      if (!isWarnOrWorse(line)) return append(line);
      flushSync();
      out.write(line);
    },
  };
  setInterval(flushSync, BATCH_MS).unref();
  // A process that exits without closing the app (an uncaught error) still writes what it batched.
  process.once("exit", flushSync);
  return { stream, append, flushSync };
}

const WARN_LEVEL = pino.levels.values.warn!;

function isWarnOrWorse(line: string): boolean {
  const match = /"level":(\d+)/.exec(line.slice(0, 40));
  return match !== null && Number(match[1]) >= WARN_LEVEL;
}
