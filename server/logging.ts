// The shop's log: what it may carry and when it is written.
//
// What: never a query's parameters (a failed insert would otherwise log the argon2 hash, the email and
// the address it carried), never credentials or cookies, card digits or a request's query string. Errors
// go through one serializer that keeps the SQL text and the database's error code and drops the values.
//
// When: request lines are batched (32 KiB or a second, whichever first) so a busy shop makes one write
// where it would make hundreds; warnings and errors are written synchronously, before the call that
// logged them returns, so the last lines before a crash are on disk.
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

/** A request's path for its log line: the query string can carry session ids and search terms. */
export function loggedPath(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : `${url.slice(0, query)}?…`;
}

export type LogOutput = { stream: pino.DestinationStream; flushSync: () => void };

/** Batched request lines and synchronous warnings and errors, both to stdout (fd 1). */
export function createLogOutput(): LogOutput {
  const batched = pino.destination({ dest: 1, sync: false, minLength: 32 * 1024, maxWrite: 64 * 1024, periodicFlush: 1000 });
  const immediate = pino.destination({ dest: 1, sync: true });
  const stream = pino.multistream(
    [
      { level: "trace", stream: batched },
      { level: "warn", stream: immediate },
    ],
    // Each line goes to the one stream with the highest level it reaches: warnings and errors only to the
    // synchronous one. What was batched before an error is flushed first, so lines stay in order.
    { dedupe: true },
  );
  const write = stream.write.bind(stream);
  stream.write = (line: string) => {
    if (isWarnOrWorse(line)) flush(batched);
    return write(line);
  };
  return { stream, flushSync: () => flush(batched) };
}

const WARN_LEVEL = pino.levels.values.warn!;

function isWarnOrWorse(line: string): boolean {
  const match = /"level":(\d+)/.exec(line.slice(0, 40));
  return match !== null && Number(match[1]) >= WARN_LEVEL;
}

function flush(destination: ReturnType<typeof pino.destination>): void {
  try {
    destination.flushSync();
  } catch {
    // not opened yet: nothing was written
  }
}
