// Design-service journeys for API tests: a paid order with "Design it for me", a sent brief, a taken job,
// and proofs as a designer makes them (vector PDFs at a size in mm, so the preflight is quick and exact).
import type { FastifyInstance } from "fastify";
import { PDFDocument, cmyk } from "pdf-lib";
import { expect } from "vitest";
import { mmToPoints } from "../../domain/preflight";
import type { TestCustomer } from "./accounts";
import { multipart } from "./artwork";
import { bannerLine, placeOrder } from "./checkout";

/** The banner a designed order is for: 600 × 400 mm. */
export const DESIGNED_SIZE = { customWidth: 600, customHeight: 400 } as const;

/** A one-page vector PDF of exactly widthMm × heightMm, as a designer exports a proof. */
export async function proofPdf(widthMm: number, heightMm: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const [width, height] = [mmToPoints(widthMm), mmToPoints(heightMm)];
  const page = doc.addPage([width, height]);
  page.drawRectangle({ x: 0, y: 0, width, height, color: cmyk(0.9, 0.1, 0.3, 0) });
  page.drawRectangle({ x: width / 4, y: height / 3, width: width / 2, height: height / 3, color: cmyk(0, 0.3, 0.9, 0) });
  return Buffer.from(await doc.save());
}

/** A paid order of one banner with the design service, for `versions` designs. */
export async function designedOrder(app: FastifyInstance, customer: TestCustomer, versions = 1) {
  const line = await bannerLine(app, { ...DESIGNED_SIZE, quantity: Math.max(2, versions), versions, designService: true });
  const placed = await placeOrder(app, customer, [line]);
  return { ...placed, orderId: placed.orders[0]!.id, line };
}

export async function sendBrief(app: FastifyInstance, customer: TestCustomer, orderId: number, body: Record<string, unknown> = {}) {
  const res = await app.inject({ method: "PUT", url: `/api/orders/${orderId}/design/brief`, headers: customer.auth, payload: { wording: "Grand Opening Saturday", colours: "Teal and amber", style: "Bold", notes: "", send: true, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A designer sends a proof: one file per design (the ordered size unless told). */
export async function sendProof(app: FastifyInstance, designer: TestCustomer, orderId: number, options: { note?: string; files?: Buffer[] } = {}) {
  const files = options.files ?? [await proofPdf(DESIGNED_SIZE.customWidth, DESIGNED_SIZE.customHeight)];
  const form = multipart([{ name: "note", value: options.note ?? "First go" }, ...files.map((data, index) => ({ name: `design_${index + 1}`, fileName: `proof-${index + 1}.pdf`, contentType: "application/pdf", data }))]);
  return app.inject({ method: "POST", url: `/api/staff/design/${orderId}/proofs`, headers: { ...designer.auth, ...form.headers }, payload: form.payload });
}
