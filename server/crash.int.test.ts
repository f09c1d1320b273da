import { inArray, like } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { emailOutbox, orderGroups, users } from "../db/schema";
import { makeSignup } from "../tests/factories/accounts";
import { noiseBytes } from "../tests/factories/artwork";
import { testDatabaseKind } from "../tests/setup/test-database";
import {
  bannerProductId,
  cleanUpCrashes,
  crashDataDir,
  databaseUrlFor,
  debrisAfterRestartSweep,
  debrisIn,
  openShopDb,
  payOnce,
  returnFromCardPage,
  startShop,
  stopShop,
  sweepAnHourOn,
  uploadArtwork,
  X_FORWARDED,
  type PaidCheckout,
} from "../tests/support/crash-harness";

// A kill -9 harness: the shop runs as a real process, sign-ups and paid checkouts are sent over HTTP,
// and the process is killed at a random moment while they are in flight, 10 times. Every sign-up that
// was answered 201 must be in the database after the restarts; every card payment taken must be one
// order with one confirmation email; and the restart sweep must leave no temporary or half-written file. It runs on PGlite (npm test) and on a fresh PostgreSQL database
// (npm run test:pg), where the shop migrates and seeds it on its first start. Kills at chosen moments
// (mid-upload, as an email lands) are in crash-moments.int.test.ts.
afterEach(cleanUpCrashes);

/** The customer back from the card page uploads artwork for the first item: the upload a kill may cut. */
async function uploadFirstItem(base: string, checkout: PaidCheckout, artwork: Buffer): Promise<void> {
  const order = await returnFromCardPage(base, checkout);
  const itemId = order.body.orders?.[0]?.id;
  if (itemId) await uploadArtwork(base, checkout.token, itemId, artwork);
}

describe(`kill -9 while writing (${testDatabaseKind()})`, () => {
  it("loses no acknowledged sign-up or payment, doubles no order, sends one confirmation per order and leaves no debris", async () => {
    const dataDir = crashDataDir();
    const databaseUrl = await databaseUrlFor();
    const acknowledged: string[] = [];
    const paid: PaidCheckout[] = [];
    // 304 mm square at 150 ppi in CMYK: passes preflight for the banner; noise makes it a few MB to send.
    const noise = noiseBytes(1796 * 1796 * 3);
    const artwork = await sharp(noise, { raw: { width: 1796, height: 1796, channels: 3 } }).toColourspace("cmyk").jpeg({ quality: 95 }).withDensity(150).toBuffer();
    let sent = 0;
    let checkoutsStarted = 0;
    const rounds = 10;
    for (let round = 0; round < rounds; round++) {
      const { child, base, exited } = await startShop(dataDir, databaseUrl);
      let killed = false;
      const signups = (async () => {
        while (!killed) {
          const signup = makeSignup();
          sent += 1;
          try {
            const res = await fetch(`${base}/api/auth/signup`, {
              method: "POST",
              headers: { "content-type": "application/json", "x-forwarded-for": X_FORWARDED() },
              body: JSON.stringify(signup),
            });
            if (res.status === 201 || res.status === 200) acknowledged.push(signup.email.toLowerCase());
            await res.arrayBuffer();
          } catch {
            // the connection died with the process: not acknowledged
          }
        }
      })();
      // Paid checkouts alongside, until at least 5 card payments have been taken over the rounds.
      const checkouts = (async () => {
        const productId = await bannerProductId(base);
        while (!killed && productId) {
          checkoutsStarted += 1;
          const done = await payOnce(base, productId).catch(() => null);
          if (done) paid.push(done);
          if (done && !killed) await uploadFirstItem(base, done, artwork).catch(() => {});
        }
      })();
      // Kill after a random number of acknowledged writes, mid-stream; in the first rounds, only once a payment
      // has been taken in this round too, so kills land between a card being taken and its order being read.
      const target = acknowledged.length + 1 + Math.floor(Math.random() * 5);
      const paidTarget = paid.length < 5 ? paid.length + 1 : 0;
      while ((acknowledged.length < target || paid.length < paidTarget) && child.exitCode === null) await new Promise((r) => setImmediate(r));
      if (paid.length < 5 || Math.random() < 0.5) await new Promise((r) => setTimeout(r, Math.random() * 50));
      child.kill("SIGKILL");
      killed = true;
      await exited;
      await Promise.all([signups, checkouts]);
    }

    // The last start: the customers come back from the card page, twice at once (a double click).
    const shop = await startShop(dataDir, databaseUrl);
    const returned = await Promise.all(paid.flatMap((checkout) => [0, 1].map(() => returnFromCardPage(shop.base, checkout))));
    // The start-up sweep removes what the killed processes left; it runs in the background, so wait for it.
    const debris = await debrisAfterRestartSweep(dataDir, databaseUrl);
    await stopShop(shop);

    const handle = await openShopDb(dataDir, databaseUrl);
    try {
      const found = await handle.db.select({ email: users.email }).from(users).where(inArray(users.email, acknowledged));
      const groups = await handle.db.select({ id: orderGroups.id, checkoutId: orderGroups.checkoutId }).from(orderGroups);
      const mails = await handle.db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(like(emailOutbox.subject, "Order % confirmed%"));
      console.log(
        `crash harness: ${rounds} kills, ${sent} sign-ups sent, ${acknowledged.length} acknowledged, ${found.length} found; ` +
          `${checkoutsStarted} checkouts started, ${paid.length} paid, ${groups.length} orders, ${mails.length} confirmations; debris left: ${debris.length}`,
      );
      expect(acknowledged.length).toBeGreaterThanOrEqual(rounds);
      expect(new Set(found.map((u) => u.email.toLowerCase()))).toEqual(new Set(acknowledged));
      // Every payment taken is an order, once, and both returns name the same one.
      expect(paid.length).toBeGreaterThanOrEqual(5);
      expect(returned.map((r) => r.status)).toEqual(returned.map(() => 200));
      const byCheckout = new Map(groups.map((g) => [g.checkoutId, g.id]));
      expect(byCheckout.size).toBe(groups.length);
      paid.forEach((checkout, i) => {
        expect(byCheckout.get(checkout.checkoutId)).toBeDefined();
        expect(returned[2 * i]!.body.order_group_id).toBe(byCheckout.get(checkout.checkoutId));
        expect(returned[2 * i + 1]!.body.order_group_id).toBe(byCheckout.get(checkout.checkoutId));
      });
      // One confirmation per order, no more, no fewer.
      expect(mails.map((m) => m.subject).sort()).toEqual(groups.map((g) => `Order ${g.id} confirmed - Printwise Trade Print`).sort());
      if (!databaseUrl) {
        expect(debris).toEqual([]);
      } else {
        // On PostgreSQL other processes may share the folder, so the sweep waits until files are an hour old;
        // an hour on, it takes every one of them.
        await sweepAnHourOn(dataDir);
        expect(debrisIn(dataDir)).toEqual([]);
      }
    } finally {
      await handle.close();
    }
  }, 420_000);
});
