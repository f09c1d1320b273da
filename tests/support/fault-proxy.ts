// A TCP proxy on loopback that forwards to a server it can be pointed elsewhere, counts the bytes clients
// send through it, and at chosen totals cuts every open connection (a dropped phone connection) or calls
// back (so a test can kill the server there). While held, new connections wait for the next target.
import net from "node:net";

export type FaultEvent = { atByte: number; kind: string };

export type FaultProxy = {
  url: string;
  /** Bytes clients have sent through the proxy so far. */
  readonly forwarded: number;
  /** Events that have happened, in order. */
  readonly happened: FaultEvent[];
  /** New connections wait until `release(target)` points the proxy at a (new) server. */
  hold(): void;
  release(target: string): void;
  /** Points new connections at another server. */
  retarget(target: string): void;
  /** Cuts every open connection now. */
  cutAll(): void;
  close(): Promise<void>;
};

/**
 * `events`: at each byte total, `cut` drops every open connection; any other kind calls `onEvent` (which may
 * hold the proxy, kill the server and release it at a new one).
 */
export async function startFaultProxy(target: string, events: FaultEvent[], onEvent: (event: FaultEvent) => void = () => {}): Promise<FaultProxy> {
  let current = new URL(target);
  let forwarded = 0;
  const pending = [...events].sort((a, b) => a.atByte - b.atByte);
  const happened: FaultEvent[] = [];
  const sockets = new Set<net.Socket>();
  let held: Promise<void> | null = null;
  let releaseHold: (() => void) | null = null;

  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };

  const server = net.createServer((client) => {
    client.pause();
    sockets.add(client);
    client.once("close", () => sockets.delete(client));
    client.on("error", () => {});
    void (async () => {
      if (held) await held;
      if (client.destroyed) return;
      const upstream = net.connect(Number(current.port), current.hostname);
      sockets.add(upstream);
      upstream.once("close", () => {
        sockets.delete(upstream);
        client.destroy();
      });
      client.once("close", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
      upstream.pipe(client);
      client.on("data", (chunk: Buffer) => {
        forwarded += chunk.length;
        const next = pending[0];
        if (next && forwarded >= next.atByte) {
          pending.shift();
          happened.push(next);
          if (next.kind === "cut") {
            // The bytes of this chunk before the cut point still go through, then the line drops.
            upstream.write(chunk.subarray(0, chunk.length - (forwarded - next.atByte)));
            cutAll();
            return;
          }
          onEvent(next);
        }
        if (!upstream.write(chunk)) {
          client.pause();
          upstream.once("drain", () => client.resume());
        }
      });
      client.resume();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get forwarded() {
      return forwarded;
    },
    happened,
    hold() {
      held ??= new Promise<void>((resolve) => (releaseHold = resolve));
    },
    release(next) {
      current = new URL(next);
      releaseHold?.();
      held = null;
      releaseHold = null;
    },
    retarget(next) {
      current = new URL(next);
    },
    cutAll,
    close: () =>
      new Promise<void>((resolve) => {
        cutAll();
        server.close(() => resolve());
      }),
  };
}
