// Refusing a body that is too large so that the answer arrives. Answering at once and closing would
// cut off a client still sending (fetch and browsers do not wait for 100-continue): it sees a reset
// connection, not the 413. So the body is read and thrown away first, up to a bound, and the answer
// follows; past the bound the answer is sent with `Connection: close` and the socket ends after it.
import type { FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "./errors";

/** How much of a refused body is read and discarded so the client can finish sending and read the 413. */
export const MAX_DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 30_000;

/**
 * Reads the rest of a request's body and throws it away, so the client can finish sending and then read
 * the answer. Past MAX_DRAIN_BYTES (or half a minute) it stops, and the answer goes out with
 * `Connection: close`, the socket ending once it is sent.
 */
export function discardBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.raw;
  if (raw.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    let done = false;
    const finish = (closeAfter: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      raw.removeListener("data", onData);
      if (closeAfter) {
        raw.pause();
        reply.header("connection", "close");
        reply.raw.once("finish", () => raw.socket?.destroySoon?.());
      }
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > MAX_DRAIN_BYTES) finish(true);
    };
    const timer = setTimeout(() => finish(true), DRAIN_TIMEOUT_MS);
    raw.on("data", onData);
    raw.once("end", () => finish(false));
    raw.once("error", () => finish(true));
    raw.resume();
  });
}

/** onRequest: a declared body over the route's limit (other than multipart, which counts its own) is refused whole. */
export async function refuseOversizedBodies(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const declared = Number(request.headers["content-length"] ?? 0);
  const limit = request.routeOptions.bodyLimit;
  if (!limit || !(declared > limit)) return;
  if ((request.headers["content-type"] ?? "").startsWith("multipart/")) return;
  await discardBody(request, reply);
  return reply.status(413).send(errorBody("The request is too large.", 413));
}
