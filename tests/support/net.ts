// Small helpers for tests that talk to a local server over a real connection.
import net from "node:net";
import { expect } from "vitest";

/** A port nothing listens on (yet): taken from the system, then released. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The error a call rejects with, checked to be of `kind`; fails the test when the call does not reject. */
export async function rejectionOf<E extends Error>(promise: Promise<unknown>, kind: abstract new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => expect.fail("expected the call to fail"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(kind);
  return error as E;
}
