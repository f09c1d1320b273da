// The design service's routes in the authorisation matrix (tests/authz/cases.ts spreads them in). Their
// fixture is an order of the owner's with three designed items: one waiting for its brief (with a file),
// one whose proof v1 waits for the owner's answer, and one whose brief the staff member has taken.
import type { FastifyInstance } from "fastify";
import type { TestCustomer } from "../factories/accounts";
import { multipart } from "../factories/artwork";
import { bannerLine, placeOrder } from "../factories/checkout";
import { DESIGNED_SIZE, proofPdf, sendBrief, sendProof } from "../factories/design-jobs";
import type { AuthzCase, Fixture } from "./cases";

export type DesignJobFixture = {
  /** Waiting for its brief, with one file added. */
  briefing: { orderId: number; fileId: number };
  /** Proof v1 sent: the owner may ask for amends or approve. */
  proofed: { orderId: number; proofFileId: number };
  /** Brief sent and taken by the fixture's staff member: ready for a proof. */
  taken: { orderId: number };
  /** A dispatched order of two approved designed items; a reprint with new artwork of the first waits for payment (`redesign` cases only). */
  dispatched: { orderGroupId: number; secondOrderId: number; redesignId: number } | null;
};

/** Two designed items approved, printed and dispatched, and a reprint with new artwork of the first asked for. */
async function dispatchedFixture(app: FastifyInstance, owner: TestCustomer, staff: TestCustomer, manager: TestCustomer) {
  const line = await bannerLine(app, { ...DESIGNED_SIZE, quantity: 2, designService: true });
  const placed = await placeOrder(app, owner, [line, line]);
  const call = async (who: TestCustomer, url: string, payload: object = {}) => {
    const res = await app.inject({ method: "POST", url, headers: who.auth, payload });
    if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`fixture ${url} failed: ${res.body}`);
    return res.json();
  };
  for (const { id } of placed.orders) {
    await sendBrief(app, owner, id);
    await call(staff, `/api/staff/design/${id}/take`);
    const proof = await sendProof(app, staff, id);
    if (proof.statusCode !== 201) throw new Error(`fixture proof failed: ${proof.body}`);
    await call(owner, `/api/orders/${id}/design/approve`, { version: 1 });
    for (const status of ["Production", "Printed"]) await call(staff, `/api/staff/items/${id}/status`, { status });
  }
  await call(staff, `/api/staff/orders/${placed.orderGroupId}/dispatch`, { carrier: "DPD", trackingNumber: "15501234567890" });
  const raised = await call(manager, `/api/staff/orders/${placed.orderGroupId}/redesigns`, { order_id: placed.orders[0]!.id, reason: "Damaged in transit" });
  return { orderGroupId: placed.orderGroupId, secondOrderId: placed.orders[1]!.id, redesignId: raised.redesign.id as number };
}

export async function designJobFixture(app: FastifyInstance, owner: TestCustomer, staff: TestCustomer, manager: TestCustomer, art: Buffer, options: { redesign: boolean }): Promise<DesignJobFixture> {
  const line = await bannerLine(app, { ...DESIGNED_SIZE, quantity: 2, designService: true });
  const placed = await placeOrder(app, owner, [line, line, line]);
  const [briefing, proofed, taken] = placed.orders.map((o) => o.id) as [number, number, number];
  const form = multipart([{ name: "file", fileName: "logo.jpg", contentType: "image/jpeg", data: art }]);
  const file = await app.inject({ method: "POST", url: `/api/orders/${briefing}/design/files`, headers: { ...owner.auth, ...form.headers }, payload: form.payload });
  if (file.statusCode !== 201) throw new Error(`fixture design file failed: ${file.body}`);
  for (const orderId of [proofed, taken]) {
    await sendBrief(app, owner, orderId);
    const took = await app.inject({ method: "POST", url: `/api/staff/design/${orderId}/take`, headers: staff.auth });
    if (took.statusCode !== 200) throw new Error(`fixture take failed: ${took.body}`);
  }
  const proof = await sendProof(app, staff, proofed);
  if (proof.statusCode !== 201) throw new Error(`fixture proof failed: ${proof.body}`);
  return {
    briefing: { orderId: briefing, fileId: file.json().file.id },
    proofed: { orderId: proofed, proofFileId: proof.json().proofs[0].files[0].id },
    taken: { orderId: taken },
    dispatched: options.redesign ? await dispatchedFixture(app, owner, staff, manager) : null,
  };
}

const design = (fx: Fixture): DesignJobFixture => {
  if (!fx.designJobs) throw new Error("this case needs the design service's fixture (designJobs: true)");
  return fx.designJobs;
};

const dispatched = (fx: Fixture) => {
  const made = design(fx).dispatched;
  if (!made) throw new Error("this case needs the redesign fixture (designJobs: \"redesign\")");
  return made;
};

const proofForm = async () => {
  const form = multipart([{ name: "note", value: "v1" }, { name: "design_1", fileName: "proof.pdf", contentType: "application/pdf", data: await proofPdf(DESIGNED_SIZE.customWidth, DESIGNED_SIZE.customHeight) }]);
  return form;
};
// Made once: the matrix's requests are built synchronously.
let proofUpload: Awaited<ReturnType<typeof proofForm>> | null = null;
export async function prepareDesignJobCases(): Promise<void> {
  proofUpload ??= await proofForm();
}

export const DESIGN_JOB_CASES: Record<string, AuthzCase> = {
  "GET /api/orders/:orderId/design": { designJobs: true, scope: "owned", ok: 200, request: (fx) => ({ method: "GET", url: `/api/orders/${design(fx).briefing.orderId}/design` }) },
  "PUT /api/orders/:orderId/design/brief": {
    designJobs: true,
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "PUT", url: `/api/orders/${design(fx).briefing.orderId}/design/brief`, payload: { wording: "Draft", send: false } }),
  },
  "POST /api/orders/:orderId/design/files": {
    designJobs: true,
    scope: "owned",
    ok: 201,
    request: (fx) => {
      const form = multipart([{ name: "file", fileName: "photo.jpg", contentType: "image/jpeg", data: fx.art }]);
      return { method: "POST", url: `/api/orders/${design(fx).briefing.orderId}/design/files`, headers: form.headers, payload: form.payload };
    },
  },
  "DELETE /api/orders/:orderId/design/files/:fileId": {
    designJobs: true,
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "DELETE", url: `/api/orders/${design(fx).briefing.orderId}/design/files/${design(fx).briefing.fileId}` }),
  },
  "POST /api/orders/:orderId/design/amends": {
    designJobs: true,
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "POST", url: `/api/orders/${design(fx).proofed.orderId}/design/amends`, payload: { version: 1, comments: "Bigger logo" } }),
  },
  "POST /api/orders/:orderId/design/approve": {
    designJobs: true,
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "POST", url: `/api/orders/${design(fx).proofed.orderId}/design/approve`, payload: { version: 1 } }),
  },
  "GET /api/design/brief-files/:fileId/:kind": { designJobs: true, scope: "owned", ok: 200, request: (fx) => ({ method: "GET", url: `/api/design/brief-files/${design(fx).briefing.fileId}/original` }) },
  "GET /api/design/proof-files/:fileId/:kind": { designJobs: true, scope: "owned", ok: 200, request: (fx) => ({ method: "GET", url: `/api/design/proof-files/${design(fx).proofed.proofFileId}/preview` }) },
  "GET /api/staff/design": { scope: "staff", ok: 200, request: () => ({ method: "GET", url: "/api/staff/design" }) },
  "GET /api/staff/design/:orderId": { designJobs: true, scope: "staff", ok: 200, request: (fx) => ({ method: "GET", url: `/api/staff/design/${design(fx).briefing.orderId}` }) },
  "POST /api/staff/design/:orderId/take": { designJobs: true, scope: "staff", ok: 200, request: (fx) => ({ method: "POST", url: `/api/staff/design/${design(fx).briefing.orderId}/take` }) },
  "POST /api/staff/orders/:orderGroupId/redesigns": {
    designJobs: "redesign",
    scope: "manager",
    ok: 200,
    request: (fx) => ({ method: "POST", url: `/api/staff/orders/${dispatched(fx).orderGroupId}/redesigns`, payload: { order_id: dispatched(fx).secondOrderId, reason: "New wording wanted" } }),
  },
  "GET /api/staff/orders/:orderGroupId/redesigns": { designJobs: "redesign", scope: "staff", ok: 200, request: (fx) => ({ method: "GET", url: `/api/staff/orders/${dispatched(fx).orderGroupId}/redesigns` }) },
  "GET /api/orders/group/:orderGroupId/redesigns": { designJobs: "redesign", scope: "owned", ok: 200, request: (fx) => ({ method: "GET", url: `/api/orders/group/${dispatched(fx).orderGroupId}/redesigns` }) },
  "POST /api/orders/group/:orderGroupId/redesigns/:redesignId/pay": {
    designJobs: "redesign",
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "POST", url: `/api/orders/group/${dispatched(fx).orderGroupId}/redesigns/${dispatched(fx).redesignId}/pay` }),
  },
  "POST /api/staff/design/:orderId/proofs": {
    designJobs: true,
    scope: "staff",
    ok: 201,
    request: (fx) => {
      if (!proofUpload) throw new Error("call prepareDesignJobCases() first");
      return { method: "POST", url: `/api/staff/design/${design(fx).taken.orderId}/proofs`, headers: proofUpload.headers, payload: proofUpload.payload };
    },
  },
};
