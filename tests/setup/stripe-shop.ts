// A shop whose payments go through the real Stripe adapter to a local server answering in Stripe's format,
// with a helper that signs webhook bodies as Stripe would.
import Stripe from "stripe";
import type { DbHandle } from "../../db/client";
import { buildApp, type App } from "../../server/app";
import { createStripeProvider } from "../../server/integrations/payments/stripe-provider";
import { startFakeStripeServer, type FakeStripeServer } from "../fakes/fake-stripe-server";
import { createTestDb, testConfig } from "./test-app";

export const STRIPE_WEBHOOK_SECRET = "whsec_test_printshop";

export type StripeShop = {
  stripe: FakeStripeServer;
  db: DbHandle;
  app: App;
  /** Posts `payload` to the webhook, signed with `secret` (the shop's own unless told). */
  signedWebhook(payload: string, secret?: string): Promise<Awaited<ReturnType<App["inject"]>>>;
  close(): Promise<void>;
};

export async function createStripeShop(): Promise<StripeShop> {
  const stripe = await startFakeStripeServer();
  const db = await createTestDb();
  const provider = createStripeProvider({ secretKey: stripe.secretKey, webhookSecret: STRIPE_WEBHOOK_SECRET, apiBaseUrl: stripe.url, maxNetworkRetries: 0 });
  const app = await buildApp({ config: testConfig({ PUBLIC_URL: "https://shop.example.com" }), db, logger: false, paymentProvider: provider });
  await app.ready();
  return {
    stripe,
    db,
    app,
    signedWebhook: async (payload, secret = STRIPE_WEBHOOK_SECRET) =>
      await app.inject({
        method: "POST",
        url: "/api/stripe/webhook",
        headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
        payload,
      }),
    async close() {
      await app.close();
      await db.close();
      await stripe.close();
    },
  };
}
