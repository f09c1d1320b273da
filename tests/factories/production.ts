// A paid order whose artwork is uploaded, approved and marked Print Ready: where production starts.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { signUp, type TestCustomer } from "./accounts";
import { multipart } from "./artwork";
import { bannerLine, placeOrder, saveTestAddresses } from "./checkout";

export async function printReadyOrder(app: FastifyInstance, art: Buffer, customer?: TestCustomer): Promise<{ customer: TestCustomer; orderGroupId: number; orderId: number }> {
  const c = customer ?? (await signUp(app));
  if (!customer) await saveTestAddresses(app, c);
  const line = await bannerLine(app, { customWidth: 304, customHeight: 304, quantity: 3 });
  const placed = await placeOrder(app, c, [line]);
  const orderId = placed.orders[0]!.id;
  const form = multipart([{ name: "version_number", value: "1" }, { name: "artwork", fileName: "job.jpg", contentType: "image/jpeg", data: art }]);
  expect((await app.inject({ method: "POST", url: `/api/orders/${orderId}/imgs`, headers: { ...c.auth, ...form.headers }, payload: form.payload })).statusCode).toBe(201);
  await app.inject({ method: "PATCH", url: `/api/orders/${orderId}/imgs/1`, headers: c.auth, payload: { approved: true } });
  expect((await app.inject({ method: "PATCH", url: `/api/orders/group/${placed.orderGroupId}`, headers: c.auth, payload: { status: "Print Ready" } })).statusCode).toBe(200);
  return { customer: c, orderGroupId: placed.orderGroupId, orderId };
}
