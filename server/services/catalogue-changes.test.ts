// Two shop processes on one PostgreSQL database: a price saved through one is quoted and served by the
// other without a restart, because the save's transaction announces it (NOTIFY) and every process listens.
// On PGlite there is only ever one process, so this file runs on PostgreSQL only (npm run test:pg, CI).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PriceInputs } from "../../domain/price-inputs";
import { makeStaff, type TestCustomer } from "../../tests/factories/accounts";
import { createPeerApp, createTestApp, type TestApp } from "../../tests/setup/test-app";
import { testDatabaseKind } from "../../tests/setup/test-database";
import { CATALOGUE_CHANNEL } from "./catalogue-changes";

const onPostgres = testDatabaseKind() === "postgres";

describe.skipIf(!onPostgres)("a catalogue change reaches every process", () => {
  let first: TestApp;
  let second: TestApp;
  let manager: TestCustomer;
  let productId: number;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createPeerApp(first);
    manager = await makeStaff(first.app, "manager");
    productId = (await first.app.services.catalogue.snapshot()).productBySlug.get("pvc-banner")!.id;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const quote = (t: TestApp) =>
    t.app.inject({ method: "POST", url: "/api/calculatePrice", payload: { productId, customWidth: 1000, customHeight: 1000, selectedQuantity: 1, attributes: [] } }).then((r) => r.json().total as number);

  /** Asks until the answer changes (the notification is asynchronous), up to a generous bound. */
  async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<{ value: T; ms: number }> {
    const started = Date.now();
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() - started > 10_000) return { value, ms: Date.now() - started };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("quotes, serves the catalogue JSON and prices a basket at the new price on the other process", async () => {
    // Both processes have their catalogue in memory and the JSON prepared before the change.
    const before = await quote(second);
    const etag = (await second.app.inject({ method: "GET", url: "/api/data" })).headers.etag;
    const prices = (await first.app.inject({ method: "GET", url: `/api/manage/products/${productId}/prices`, headers: manager.auth })).json() as { inputs: PriceInputs; version: number };
    const saved = await first.app.inject({ method: "PUT", url: `/api/manage/products/${productId}/prices`, headers: manager.auth, payload: { inputs: { ...prices.inputs, pricePence: prices.inputs.pricePence + 500 }, baseVersion: prices.version } });
    expect(saved.statusCode, saved.body).toBe(200);

    const heard = await eventually(() => quote(second), (total) => total !== before);
    expect(heard.value).toBe(Math.round(before * 100 + 500) / 100);
    console.log(`second process quoted the new price ${heard.ms} ms after the save returned`);
    const data = await second.app.inject({ method: "GET", url: "/api/data" });
    expect(data.headers.etag).not.toBe(etag);
  });

  it("reloads its catalogue after an announcement it cannot read", async () => {
    const snapshot = await second.app.services.catalogue.snapshot();
    expect(second.app.services.catalogue.loaded()).toBe(snapshot);
    await second.db.db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, 'not json')`);
    const dropped = await eventually(async () => second.app.services.catalogue.loaded(), (loaded) => loaded !== snapshot);
    expect(dropped.value).not.toBe(snapshot);
  });
});
