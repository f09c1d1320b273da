// The authorisation matrix's cases: how to call each guarded route on behalf of an owner. The matrix test
// (server/api/authorization.test.ts) reads the app's route table and fails for any guarded route that has
// no case here, so a route added later cannot skip the check.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { PriceInputs } from "../../domain/price-inputs";
import type { CategoryDetails, SubcategoryDetails } from "../../domain/category-details";
import type { ProductDetails } from "../../domain/product-details";
import { makeStaff, signUp, testClientAddress, type TestCustomer } from "../factories/accounts";
import { cmykJpeg, multipart } from "../factories/artwork";
import { bannerLine, expectedTotalPence, placeOrder, saveTestAddresses } from "../factories/checkout";
import { DESIGN_JOB_CASES, designJobFixture, prepareDesignJobCases, type DesignJobFixture } from "./design-job-cases";

export type Fixture = {
  owner: TestCustomer & {
    order: { checkoutId: string; sessionId: string; orderGroupId: number; orderId: number; fileId: number; attributeIds: number[] };
    /** A resumable upload of theirs for the item's version 1, nothing sent yet. */
    uploadId: string;
    totalPence: number;
    productId: number;
  };
  /** A small valid artwork file. */
  art: Buffer;
  other: TestCustomer;
  staff: TestCustomer;
  manager: TestCustomer;
  /** Production staff of this fixture's own, for the team cases to change or remove: changing one ends their
   *  sessions, so they must not be the staff member every fixture shares. */
  colleague: TestCustomer;
  /** The owner's product's prices as the back office gives them, and a promo code to change. */
  prices: { inputs: PriceInputs; version: number };
  details: ProductDetails;
  /** The first category and its first subcategory, as the back office gives them. */
  category: { id: number; details: CategoryDetails; subcategory: { id: number; details: SubcategoryDetails } };
  promotionId: number;
  /** The owner's quote from the basket, and a Quick Quote request of theirs (one file) waiting for a price (0 unless the case is `trade`). */
  quoteId: number;
  requestId: number;
  /** A refund of 1p of the owner's delivery, with its credit note (0 unless the case is `refund`). */
  refundId: number;
  /** The owner's saved design at the ordered item's size, with one uploaded picture (0 and "" unless the case is `design`). */
  design: { id: number; imageId: string };
  /** The owner's items with the design service at each stage (only when the case is `designJobs`). */
  designJobs: DesignJobFixture | null;
};

/**
 * `owned`: the request names the owner's data (an id in the path or body): anonymous → 401, another
 * customer → 404, the owner → `ok`. `self`: the request names no id and serves whoever calls:
 * anonymous → 401, the owner → `ok`. `staff`: anonymous → 401, a customer → 404, staff → `ok`.
 */
export type AuthzCase = {
  /** `manager`: anonymous → 401, a customer → 404, production staff → 404, a manager → `ok`. */
  scope: "owned" | "self" | "staff" | "manager";
  request: (fx: Fixture) => InjectOptions & { headers?: Record<string, string> };
  ok: number;
  /** The owner also needs a trade account, a quote and a Quick Quote request (made only for these cases: a PDF each). */
  trade?: true;
  /** The owner's order also has a refund with a credit note. */
  refund?: true;
  /** The owner also has a design from the online editor, with a picture. */
  design?: true;
  /** The owner also has an order with the design service (tests/authz/design-job-cases.ts); `redesign`: and a dispatched one with a reprint with new artwork waiting for payment. */
  designJobs?: true | "redesign";
};

/** Two customers and a member of staff; the owner has a paid order with one uploaded file. */
export async function makeFixture(app: FastifyInstance, options: { trade?: boolean; refund?: boolean; design?: boolean; designJobs?: boolean | "redesign" } = {}): Promise<Fixture> {
  const [owner, { other, staff, manager }, colleague] = await Promise.all([signUp(app), peopleOf(app), makeStaff(app)]);
  await saveTestAddresses(app, owner);
  const line = await bannerLine(app, { customWidth: 304, customHeight: 304, quantity: 2 });
  const placed = await placeOrder(app, owner, [line]);
  const orderId = placed.orders[0]!.id;
  const art = await (fixtureArt ??= cmykJpeg(1800, 1800, 150));
  const form = multipart([{ name: "version_number", value: "1" }, { name: "artwork", fileName: "a.jpg", contentType: "image/jpeg", data: art }]);
  const uploaded = await app.inject({ method: "POST", url: `/api/orders/${orderId}/imgs`, headers: { ...owner.auth, ...form.headers }, payload: form.payload, remoteAddress: testClientAddress() });
  if (uploaded.statusCode !== 201) throw new Error(`fixture upload failed: ${uploaded.body}`);
  const group = (await app.inject({ method: "GET", url: `/api/orders/group/${placed.orderGroupId}`, headers: owner.auth })).json();
  const upload = await app.inject({ method: "POST", url: "/api/uploads", headers: { ...owner.auth, ...TUS, "upload-length": String(art.length), "upload-metadata": uploadMetadata(orderId) }, remoteAddress: testClientAddress() });
  if (upload.statusCode !== 201) throw new Error(`fixture resumable upload failed: ${upload.body}`);
  const details = ((await app.inject({ method: "GET", url: `/api/manage/products/${line.productId}/details`, headers: manager.auth })).json() as { details: ProductDetails }).details;
  const tree = (await app.inject({ method: "GET", url: "/api/manage/categories", headers: manager.auth })).json() as { categories: (CategoryDetails & { id: number; subcategories: (SubcategoryDetails & { id: number })[] })[] };
  const { id: categoryId, subcategories, ...categoryFields } = tree.categories[0]!;
  const { id: subcategoryId, ...subcategoryFields } = subcategories[0]!;
  const prices = (await app.inject({ method: "GET", url: `/api/manage/products/${line.productId}/prices`, headers: manager.auth })).json() as { inputs: PriceInputs; version: number };
  const promo = await app.inject({ method: "POST", url: "/api/manage/promotions", headers: manager.auth, payload: promotionForm(`AUTHZ${randomBytes(3).toString("hex")}`) });
  if (promo.statusCode !== 200) throw new Error(`fixture promo failed: ${promo.body}`);
  const trade = options.trade ? await tradeFixture(app, owner, manager, line, art) : { quoteId: 0, requestId: 0 };
  let refundId = 0;
  if (options.refund) {
    const refunded = await app.services.refunds.refund(manager.userId, placed.orderGroupId, { lines: [{ key: "delivery", amountPence: 1 }], reason: "Authorisation fixture" });
    if (!refunded.ok) throw new Error(`fixture refund failed: ${refunded.message}`);
    refundId = refunded.refund.id;
  }
  const design = options.design ? await designFixture(app, owner, art) : { id: 0, imageId: "" };
  const designJobs = options.designJobs ? await designJobFixture(app, owner, staff, manager, art, { redesign: options.designJobs === "redesign" }) : null;
  if (options.designJobs) await prepareDesignJobCases();
  return {
    owner: {
      ...owner,
      order: {
        checkoutId: placed.checkoutId,
        sessionId: placed.sessionId,
        orderGroupId: placed.orderGroupId,
        orderId,
        fileId: uploaded.json().file.id,
        attributeIds: group.products[0].attributes.map((a: { subattribute_id: number }) => a.subattribute_id),
      },
      uploadId: /[0-9a-f]{32}$/.exec(String(upload.headers.location))![0],
      totalPence: await expectedTotalPence(app, [line]),
      productId: line.productId,
    },
    other,
    staff,
    manager,
    colleague,
    prices,
    details,
    category: { id: categoryId, details: categoryFields, subcategory: { id: subcategoryId, details: subcategoryFields } },
    promotionId: promo.json().promotion.id,
    art,
    ...trade,
    refundId,
    design,
    designJobs,
  };
}

/** A design of the owner's at the fixture item's size (304 × 304 mm), with their picture on it. */
async function designFixture(app: FastifyInstance, owner: TestCustomer, art: Buffer) {
  const form = multipart([{ name: "image", fileName: "logo.jpg", contentType: "image/jpeg", data: art }]);
  const image = await app.inject({ method: "POST", url: "/api/design-images", headers: { ...owner.auth, ...form.headers }, payload: form.payload, remoteAddress: testClientAddress() });
  if (image.statusCode !== 201) throw new Error(`fixture design image failed: ${image.body}`);
  const { id: imageId, widthPx, heightPx } = image.json().image as { id: string; widthPx: number; heightPx: number };
  const saved = await app.inject({ method: "POST", url: "/api/designs", headers: owner.auth, payload: designPayload(imageId, widthPx, heightPx), remoteAddress: testClientAddress() });
  if (saved.statusCode !== 201) throw new Error(`fixture design failed: ${saved.body}`);
  return { id: (saved.json().design as { id: number }).id, imageId };
}

const designPayload = (imageId: string, widthPx: number, heightPx: number) => ({
  name: "Authorisation fixture",
  productSlug: "pvc-banner",
  document: {
    version: 1,
    widthMm: 304,
    heightMm: 304,
    background: { colour: { c: 0, m: 0, y: 0, k: 0 }, image: null },
    elements: [{ id: "logo", kind: "image", imageId, widthPx, heightPx, widthMm: 100, heightMm: 100, fit: "contain", x: { anchor: "centre", offsetMm: 0 }, y: { anchor: "centre", offsetMm: 0 } }],
  },
});

/** The owner trades on account, has a quote, and has asked for a Quick Quote with one file. */
async function tradeFixture(app: FastifyInstance, owner: TestCustomer, manager: TestCustomer, line: Awaited<ReturnType<typeof bannerLine>>, art: Buffer) {
  const quote = await app.services.quotes.fromBasket(owner.userId, [line]);
  if (!quote.ok) throw new Error(`fixture quote failed: ${quote.message}`);
  const artPath = path.join(os.tmpdir(), `authz-${randomBytes(6).toString("hex")}.jpg`);
  await fs.writeFile(artPath, art);
  const request = await app.services.quotes.request(owner.userId, { productKind: "Flags", size: "2 m", quantity: 2, material: "", deadline: "", notes: "" }, [{ path: artPath, fileName: "a.jpg", contentType: "image/jpeg", size: art.length }]);
  await fs.rm(artPath, { force: true });
  if (!request.ok) throw new Error(`fixture quote request failed: ${request.message}`);
  const opened = await app.services.tradeAccounts.open(owner.email, { creditLimitPence: 10_000_000, termsDays: 30 }, { userId: manager.userId, email: manager.email });
  if (!opened.ok) throw new Error(`fixture trade account failed: ${opened.message}`);
  return { quoteId: quote.quote.id, requestId: request.quote.id };
}

// The people beside the owner, made once per app: making each hashes a password, and no case changes
// them (another customer is only refused; staff and the manager only act on the owner's things).
type People = { other: TestCustomer; staff: TestCustomer; manager: TestCustomer };
const people = new WeakMap<FastifyInstance, Promise<People>>();
function peopleOf(app: FastifyInstance): Promise<People> {
  let made = people.get(app);
  if (!made) {
    made = Promise.all([signUp(app), makeStaff(app), makeStaff(app, "manager")]).then(([other, staff, manager]) => ({ other, staff, manager }));
    people.set(app, made);
  }
  return made;
}

/** The owner's artwork: the same bytes every time, so made once. */
let fixtureArt: Promise<Buffer> | null = null;

const TUS = { "tus-resumable": "1.0.0" };
const b64 = (text: string) => Buffer.from(text).toString("base64");
/** Upload-Metadata for a resumable artwork upload of an item's version 1. */
const uploadMetadata = (orderId: number) => `purpose ${b64("artwork")},filename ${b64("a.jpg")},filetype ${b64("image/jpeg")},orderId ${b64(String(orderId))},version ${b64("1")}`;

const promotionForm = (code: string) => ({ code, description: "", percent: 5, startsOn: null, endsOn: null, usageLimit: null, perCustomerLimit: null, minSpendPence: 0, newCustomersOnly: false, paused: false });
const randomCode = () => `AZ${randomBytes(4).toString("hex")}`;
const randomEmail = () => `invite.${randomBytes(4).toString("hex")}@printwise.example.com`;

const artworkForm = (fx: Fixture, fields: Record<string, string>) => {
  const form = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: "artwork", fileName: "a.jpg", contentType: "image/jpeg", data: fx.art }]);
  return { headers: form.headers, payload: form.payload };
};

const address = {
  first_name: "Jane",
  last_name: "Printer",
  company: "",
  address1: "1 High Street",
  address2: "",
  town: "Leeds",
  county: "",
  postcode: "LS1 4AP",
  country: "United Kingdom",
};

export const AUTHZ_CASES: Record<string, AuthzCase> = {
  "GET /api/auth/me": { scope: "self", ok: 200, request: () => ({ method: "GET", url: "/api/auth/me" }) },
  "POST /api/auth/logout": { scope: "self", ok: 200, request: () => ({ method: "POST", url: "/api/auth/logout" }) },
  "PUT /api/user/me": {
    scope: "self",
    ok: 200,
    request: (fx) => ({
      method: "PUT",
      url: "/api/user/me",
      payload: { firstname: "Jane", lastname: "Printer", email: fx.owner.email, telephone: "07700900123" },
    }),
  },
  "GET /api/user/address/:userId": {
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "GET", url: `/api/user/address/${fx.owner.userId}` }),
  },
  "POST /api/checkout/address": {
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "POST", url: "/api/checkout/address", payload: { userId: fx.owner.userId, billing: address } }),
  },
  "POST /api/stripe/create-checkout-session": {
    scope: "owned",
    ok: 200,
    request: (fx) => ({
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      payload: {
        email: fx.owner.email,
        userId: fx.owner.userId,
        Total: fx.owner.totalPence / 100,
        lines: [{ productId: fx.owner.productId, customWidth: 304, customHeight: 304, quantity: 2, versions: 1, attributes: [] }],
      },
    }),
  },
  "GET /api/stripe/session/:sessionId": {
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "GET", url: `/api/stripe/session/${fx.owner.order.sessionId}` }),
  },
  "POST /api/orders/:clientReference": {
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "POST", url: `/api/orders/${fx.owner.order.checkoutId}`, payload: {} }),
  },
  "POST /api/email/send-confirmation": {
    scope: "owned",
    ok: 202,
    request: (fx) => ({ method: "POST", url: "/api/email/send-confirmation", payload: { orderRef: fx.owner.order.orderGroupId } }),
  },
  "GET /api/orders/:userId": { scope: "owned", ok: 200, request: (fx) => ({ method: "GET", url: `/api/orders/${fx.owner.userId}` }) },
  "GET /api/orders/group/:orderGroupId": { scope: "owned", ok: 200, request: (fx) => ({ method: "GET", url: `/api/orders/group/${fx.owner.order.orderGroupId}` }) },
  "GET /api/orders/group/:orderGroupId/invoice": {
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "GET", url: `/api/orders/group/${fx.owner.order.orderGroupId}/invoice` }),
  },
  "POST /api/orders/group/:orderGroupId/cancel": {
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "POST", url: `/api/orders/group/${fx.owner.order.orderGroupId}/cancel`, payload: { order_ids: [fx.owner.order.orderId] } }),
  },
  "GET /api/orders/group/:orderGroupId/credit-notes/:refundId": {
    scope: "owned",
    ok: 200,
    refund: true,
    request: (fx) => ({ method: "GET", url: `/api/orders/group/${fx.owner.order.orderGroupId}/credit-notes/${fx.refundId}` }),
  },
  "POST /api/staff/orders/:orderGroupId/refunds": {
    scope: "manager",
    ok: 200,
    request: (fx) => ({ method: "POST", url: `/api/staff/orders/${fx.owner.order.orderGroupId}/refunds`, payload: { delivery_pence: 50, reason: "Late delivery" } }),
  },
  "POST /api/staff/orders/:orderGroupId/cancel": {
    scope: "manager",
    ok: 200,
    request: (fx) => ({ method: "POST", url: `/api/staff/orders/${fx.owner.order.orderGroupId}/cancel`, payload: { order_ids: [fx.owner.order.orderId], reason: "Phoned to cancel" } }),
  },
  "GET /api/staff/orders/:orderGroupId/credit-notes/:refundId": {
    scope: "staff",
    ok: 200,
    refund: true,
    request: (fx) => ({ method: "GET", url: `/api/staff/orders/${fx.owner.order.orderGroupId}/credit-notes/${fx.refundId}` }),
  },
  "POST /api/staff/orders/:orderGroupId/reprints": {
    scope: "staff",
    ok: 409,
    request: (fx) => ({ method: "POST", url: `/api/staff/orders/${fx.owner.order.orderGroupId}/reprints`, payload: { order_ids: [fx.owner.order.orderId], reason: "Faulty print" } }),
  },
  "POST /api/orders/:orderId/attributes": {
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "POST", url: `/api/orders/${fx.owner.order.orderId}/attributes`, payload: { attributes: fx.owner.order.attributeIds } }),
  },
  "PATCH /api/orders/group/:orderGroupId": {
    scope: "owned",
    // The owner is let in and told the artwork is not approved yet: 409, not 401 or 404.
    ok: 409,
    request: (fx) => ({ method: "PATCH", url: `/api/orders/group/${fx.owner.order.orderGroupId}`, payload: { status: "Print Ready" } }),
  },
  "POST /api/orders/:orderId/imgs": {
    scope: "owned",
    ok: 201,
    request: (fx) => ({ method: "POST", url: `/api/orders/${fx.owner.order.orderId}/imgs`, ...artworkForm(fx, { version_number: "1" }) }),
  },
  "PATCH /api/orders/:orderId/imgs/:versionNumber": {
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "PATCH", url: `/api/orders/${fx.owner.order.orderId}/imgs/1`, payload: { approved: true } }),
  },
  "DELETE /api/orders/:orderId/imgs/:versionNumber": {
    scope: "owned",
    ok: 200,
    request: (fx) => ({ method: "DELETE", url: `/api/orders/${fx.owner.order.orderId}/imgs/1` }),
  },
  "GET /api/designs": { scope: "self", ok: 200, request: () => ({ method: "GET", url: "/api/designs" }) },
  "POST /api/designs": { design: true, scope: "self", ok: 201, request: (fx) => ({ method: "POST", url: "/api/designs", payload: designPayload(fx.design.imageId, 1800, 1800) }) },
  "GET /api/designs/:designId": { design: true, scope: "owned", ok: 200, request: (fx) => ({ method: "GET", url: `/api/designs/${fx.design.id}` }) },
  "PUT /api/designs/:designId": { design: true, scope: "owned", ok: 200, request: (fx) => ({ method: "PUT", url: `/api/designs/${fx.design.id}`, payload: { ...designPayload(fx.design.imageId, 1800, 1800), productSlug: undefined, revision: 1 } }) },
  "POST /api/designs/:designId/copy": { design: true, scope: "owned", ok: 201, request: (fx) => ({ method: "POST", url: `/api/designs/${fx.design.id}/copy` }) },
  "DELETE /api/designs/:designId": { design: true, scope: "owned", ok: 200, request: (fx) => ({ method: "DELETE", url: `/api/designs/${fx.design.id}` }) },
  "POST /api/designs/:designId/proof": { design: true, scope: "owned", ok: 200, request: (fx) => ({ method: "POST", url: `/api/designs/${fx.design.id}/proof` }) },
  "POST /api/design-images": {
    scope: "self",
    ok: 201,
    request: (fx) => {
      const form = multipart([{ name: "image", fileName: "logo.jpg", contentType: "image/jpeg", data: fx.art }]);
      return { method: "POST", url: "/api/design-images", headers: form.headers, payload: form.payload };
    },
  },
  "GET /api/design-images/:imageId": { design: true, scope: "owned", ok: 200, request: (fx) => ({ method: "GET", url: `/api/design-images/${fx.design.imageId}` }) },
  // The owner's item awaits artwork and already has version 1 uploaded: the design replaces it.
  "POST /api/orders/:orderId/design": { design: true, scope: "owned", ok: 201, request: (fx) => ({ method: "POST", url: `/api/orders/${fx.owner.order.orderId}/design`, payload: { designId: fx.design.id, version_number: 1 } }) },
  "GET /api/files/:fileId/:kind": { scope: "owned", ok: 200, request: (fx) => ({ method: "GET", url: `/api/files/${fx.owner.order.fileId}/thumbnail` }) },
  "POST /api/artwork/preflight": {
    scope: "self",
    ok: 200,
    request: (fx) => ({ method: "POST", url: "/api/artwork/preflight", ...artworkForm(fx, { width: "304", height: "304", orientation: "Custom", versions: "1" }) }),
  },
  "POST /api/artwork/upload": {
    scope: "self",
    ok: 200,
    request: (fx) => ({ method: "POST", url: "/api/artwork/upload", ...artworkForm(fx, { size: "custom", width: "304", height: "304" }) }),
  },
  "POST /api/artwork/thumbnail": {
    scope: "self",
    ok: 200,
    request: (fx) => ({ method: "POST", url: "/api/artwork/thumbnail", ...artworkForm(fx, { size: "custom", width: "304", height: "304" }) }),
  },
  // Resumable uploads (tus): another customer's upload, or item, is not found.
  "POST /api/uploads": {
    scope: "owned",
    ok: 201,
    request: (fx) => ({ method: "POST", url: "/api/uploads", headers: { ...TUS, "upload-length": String(fx.art.length), "upload-metadata": uploadMetadata(fx.owner.order.orderId) } }),
  },
  "HEAD /api/uploads/:uploadId": { scope: "owned", ok: 200, request: (fx) => ({ method: "HEAD", url: `/api/uploads/${fx.owner.uploadId}`, headers: TUS }) },
  "PATCH /api/uploads/:uploadId": {
    scope: "owned",
    ok: 204,
    request: (fx) => ({
      method: "PATCH",
      url: `/api/uploads/${fx.owner.uploadId}`,
      headers: { ...TUS, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      payload: fx.art.subarray(0, 1000),
    }),
  },
  "DELETE /api/uploads/:uploadId": { scope: "owned", ok: 204, request: (fx) => ({ method: "DELETE", url: `/api/uploads/${fx.owner.uploadId}`, headers: TUS }) },
  "GET /api/uploads/:uploadId": { scope: "owned", ok: 200, request: (fx) => ({ method: "GET", url: `/api/uploads/${fx.owner.uploadId}` }) },
  "GET /api/staff/queue": { scope: "staff", ok: 200, request: () => ({ method: "GET", url: "/api/staff/queue" }) },
  "POST /api/staff/bulk/status": {
    scope: "staff",
    ok: 200,
    request: (fx) => ({ method: "POST", url: "/api/staff/bulk/status", payload: { order_group_ids: [fx.owner.order.orderGroupId], status: "Production" } }),
  },
  "GET /api/staff/bulk/packing-slips.pdf": {
    scope: "staff",
    ok: 200,
    request: (fx) => ({ method: "GET", url: `/api/staff/bulk/packing-slips.pdf?ids=${fx.owner.order.orderGroupId}` }),
  },
  "GET /api/staff/bulk/print-files.zip": {
    scope: "staff",
    ok: 200,
    request: (fx) => ({ method: "GET", url: `/api/staff/bulk/print-files.zip?ids=${fx.owner.order.orderGroupId}` }),
  },
  "GET /api/staff/orders.csv": { scope: "staff", ok: 200, request: () => ({ method: "GET", url: "/api/staff/orders.csv?status=Printed" }) },
  "GET /api/staff/orders": { scope: "staff", ok: 200, request: () => ({ method: "GET", url: "/api/staff/orders?sort=dispatch&urgency=late-or-at-risk" }) },
  "GET /api/staff/orders/:orderGroupId": { scope: "staff", ok: 200, request: (fx) => ({ method: "GET", url: `/api/staff/orders/${fx.owner.order.orderGroupId}` }) },
  "GET /api/staff/customers": { scope: "staff", ok: 200, request: (fx) => ({ method: "GET", url: `/api/staff/customers?q=${encodeURIComponent(fx.owner.email)}` }) },
  "GET /api/staff/customers/:userId": { scope: "staff", ok: 200, request: (fx) => ({ method: "GET", url: `/api/staff/customers/${fx.owner.userId}` }) },
  "POST /api/staff/items/:orderId/status": {
    scope: "staff",
    // Staff are let in; the table refuses this move (the item awaits artwork).
    ok: 409,
    request: (fx) => ({ method: "POST", url: `/api/staff/items/${fx.owner.order.orderId}/status`, payload: { status: "Production" } }),
  },
  "POST /api/staff/items/:orderId/undo": {
    scope: "manager",
    // Managers are let in; the correction table refuses (the item awaits artwork: nothing to undo).
    ok: 409,
    request: (fx) => ({ method: "POST", url: `/api/staff/items/${fx.owner.order.orderId}/undo`, payload: { reason: "Pressed by mistake" } }),
  },
  "POST /api/staff/items/:orderId/reject": {
    scope: "staff",
    ok: 409,
    request: (fx) => ({ method: "POST", url: `/api/staff/items/${fx.owner.order.orderId}/reject`, payload: { reason: "The text runs off the edge." } }),
  },
  "POST /api/staff/orders/:orderGroupId/dispatch": {
    scope: "staff",
    ok: 409,
    request: (fx) => ({ method: "POST", url: `/api/staff/orders/${fx.owner.order.orderGroupId}/dispatch`, payload: { carrier: "DPD", trackingNumber: "15501234567890" } }),
  },
  "GET /api/staff/orders/:orderGroupId/packing-slip": {
    scope: "staff",
    ok: 200,
    request: (fx) => ({ method: "GET", url: `/api/staff/orders/${fx.owner.order.orderGroupId}/packing-slip` }),
  },
  "GET /api/staff/orders/:orderGroupId/files.zip": {
    scope: "staff",
    ok: 200,
    request: (fx) => ({ method: "GET", url: `/api/staff/orders/${fx.owner.order.orderGroupId}/files.zip` }),
  },
  "GET /api/staff/outbox": { scope: "staff", ok: 200, request: () => ({ method: "GET", url: "/api/staff/outbox" }) },
  "POST /api/staff/outbox/:emailId/requeue": {
    scope: "staff",
    // Nothing has failed: staff get the "no failed email" 404 from the handler, after the role check.
    ok: 404,
    request: () => ({ method: "POST", url: "/api/staff/outbox/1/requeue" }),
  },
  "GET /api/manage/products": { scope: "manager", ok: 200, request: () => ({ method: "GET", url: "/api/manage/products" }) },
  "GET /api/manage/products/:productId/prices": { scope: "manager", ok: 200, request: (fx) => ({ method: "GET", url: `/api/manage/products/${fx.owner.productId}/prices` }) },
  "POST /api/manage/products/:productId/prices/preview": {
    scope: "manager",
    ok: 200,
    request: (fx) => ({ method: "POST", url: `/api/manage/products/${fx.owner.productId}/prices/preview`, payload: { inputs: { ...fx.prices.inputs, pricePence: fx.prices.inputs.pricePence + 10 } } }),
  },
  "PUT /api/manage/products/:productId/prices": {
    scope: "manager",
    // The version is stale by design: the manager gets the 409 of a real save, after the role check.
    ok: 409,
    request: (fx) => ({ method: "PUT", url: `/api/manage/products/${fx.owner.productId}/prices`, payload: { inputs: fx.prices.inputs, baseVersion: fx.prices.version + 100 } }),
  },
  "GET /api/manage/categories": { scope: "manager", ok: 200, request: () => ({ method: "GET", url: "/api/manage/categories" }) },
  // The details as they are: the manager gets the "nothing to save" 400 of the handler, after the role check.
  "PUT /api/manage/categories/:categoryId": { scope: "manager", ok: 400, request: (fx) => ({ method: "PUT", url: `/api/manage/categories/${fx.category.id}`, payload: fx.category.details }) },
  "PUT /api/manage/subcategories/:subcategoryId": {
    scope: "manager",
    ok: 400,
    request: (fx) => ({ method: "PUT", url: `/api/manage/subcategories/${fx.category.subcategory.id}`, payload: fx.category.subcategory.details }),
  },
  "GET /api/manage/products/:productId/details": { scope: "manager", ok: 200, request: (fx) => ({ method: "GET", url: `/api/manage/products/${fx.owner.productId}/details` }) },
  "PUT /api/manage/products/:productId/details": {
    scope: "manager",
    // The details as they are: the manager gets the "nothing to save" 400 of the handler, after the role check.
    ok: 400,
    request: (fx) => ({ method: "PUT", url: `/api/manage/products/${fx.owner.productId}/details`, payload: fx.details }),
  },
  "POST /api/manage/categories/:categoryId/image": {
    scope: "manager",
    // No file sent: the handler's 400, after the role check.
    ok: 400,
    request: (fx) => ({ method: "POST", url: `/api/manage/categories/${fx.category.id}/image`, payload: {} }),
  },
  "POST /api/manage/products/:productId/image": {
    scope: "manager",
    // No file sent: the handler's 400, after the role check.
    ok: 400,
    request: (fx) => ({ method: "POST", url: `/api/manage/products/${fx.owner.productId}/image`, payload: {} }),
  },
  "GET /api/manage/products/:productId/prices/history": { scope: "manager", ok: 200, request: (fx) => ({ method: "GET", url: `/api/manage/products/${fx.owner.productId}/prices/history` }) },
  "POST /api/manage/products/:productId/prices/restore": {
    scope: "manager",
    // No such version: the 400 of the handler, after the role check.
    ok: 400,
    request: (fx) => ({ method: "POST", url: `/api/manage/products/${fx.owner.productId}/prices/restore`, payload: { version: 9999, baseVersion: fx.prices.version } }),
  },
  "GET /api/manage/price-list.csv": { scope: "manager", ok: 200, request: () => ({ method: "GET", url: "/api/manage/price-list.csv" }) },
  "POST /api/manage/price-list/import": { scope: "manager", ok: 200, request: () => ({ method: "POST", url: "/api/manage/price-list/import", payload: { csv: "product_slug,row_type\r\n", apply: false } }) },
  "GET /api/manage/promotions": { scope: "manager", ok: 200, request: () => ({ method: "GET", url: "/api/manage/promotions" }) },
  "POST /api/manage/promotions": { scope: "manager", ok: 200, request: () => ({ method: "POST", url: "/api/manage/promotions", payload: promotionForm(randomCode()) }) },
  "PUT /api/manage/promotions/:promotionId": {
    scope: "manager",
    ok: 200,
    request: (fx) => ({ method: "PUT", url: `/api/manage/promotions/${fx.promotionId}`, payload: { ...promotionForm(randomCode()), paused: true } }),
  },
  "GET /api/manage/audit": { scope: "manager", ok: 200, request: () => ({ method: "GET", url: "/api/manage/audit" }) },
  "GET /api/manage/reports/sales": { scope: "manager", ok: 200, request: () => ({ method: "GET", url: "/api/manage/reports/sales?from=2026-01-01&to=2026-12-31&by=quarter" }) },
  "GET /api/manage/today": { scope: "manager", ok: 200, request: () => ({ method: "GET", url: "/api/manage/today" }) },
  "GET /api/manage/reports/sales.csv": { scope: "manager", ok: 200, request: () => ({ method: "GET", url: "/api/manage/reports/sales.csv?from=2026-01-01&to=2026-12-31" }) },
  "GET /api/manage/staff": { scope: "manager", ok: 200, request: () => ({ method: "GET", url: "/api/manage/staff" }) },

  // Quotes and trade accounts (issue 23).
  "POST /api/quotes": { scope: "self", ok: 201, request: (fx) => ({ method: "POST", url: "/api/quotes", payload: { lines: [{ productId: fx.owner.productId, customWidth: 304, customHeight: 304, quantity: 2, versions: 1, attributes: [] }] } }) },
  "POST /api/quote-requests": {
    scope: "self",
    ok: 201,
    request: () => {
      const form = multipart([{ name: "productKind", value: "Flags" }, { name: "size", value: "2 m" }, { name: "quantity", value: "3" }]);
      return { method: "POST", url: "/api/quote-requests", headers: form.headers, payload: form.payload };
    },
  },
  "GET /api/quotes": { scope: "self", ok: 200, request: () => ({ method: "GET", url: "/api/quotes" }) },
  "GET /api/quotes/:quoteId": { trade: true, scope: "owned", ok: 200, request: (fx) => ({ method: "GET", url: `/api/quotes/${fx.quoteId}` }) },
  "GET /api/quotes/:quoteId/pdf": { trade: true, scope: "owned", ok: 200, request: (fx) => ({ method: "GET", url: `/api/quotes/${fx.quoteId}/pdf` }) },
  "POST /api/checkout/on-account": {
    trade: true,
    scope: "owned",
    ok: 201,
    request: (fx) => ({
      method: "POST",
      url: "/api/checkout/on-account",
      payload: { userId: fx.owner.userId, Total: fx.owner.totalPence / 100, lines: [{ productId: fx.owner.productId, customWidth: 304, customHeight: 304, quantity: 2, versions: 1, attributes: [] }] },
    }),
  },
  "GET /api/account/trade-account": { scope: "self", ok: 200, request: () => ({ method: "GET", url: "/api/account/trade-account" }) },
  "GET /api/account/trade-account/statement.pdf": { trade: true, scope: "self", ok: 200, request: () => ({ method: "GET", url: "/api/account/trade-account/statement.pdf" }) },
  "GET /api/manage/quotes": { scope: "manager", ok: 200, request: () => ({ method: "GET", url: "/api/manage/quotes?status=requested" }) },
  "GET /api/manage/quotes/:quoteId": { trade: true, scope: "manager", ok: 200, request: (fx) => ({ method: "GET", url: `/api/manage/quotes/${fx.requestId}` }) },
  "GET /api/manage/quotes/:quoteId/attachments/:index": { trade: true, scope: "manager", ok: 200, request: (fx) => ({ method: "GET", url: `/api/manage/quotes/${fx.requestId}/attachments/0` }) },
  "POST /api/manage/quotes/:quoteId/price": {
    trade: true,
    scope: "manager",
    ok: 200,
    request: (fx) => ({ method: "POST", url: `/api/manage/quotes/${fx.requestId}/price`, payload: { lines: [{ description: "Flags", widthMm: 1000, heightMm: 2000, quantity: 2, amountPence: 5000 }] } }),
  },
  "GET /api/manage/trade-accounts": { scope: "manager", ok: 200, request: () => ({ method: "GET", url: "/api/manage/trade-accounts" }) },
  "POST /api/manage/trade-accounts": { scope: "manager", ok: 201, request: (fx) => ({ method: "POST", url: "/api/manage/trade-accounts", payload: { email: fx.other.email, creditLimitPence: 100_000 } }) },
  "GET /api/manage/trade-accounts/:userId": { trade: true, scope: "manager", ok: 200, request: (fx) => ({ method: "GET", url: `/api/manage/trade-accounts/${fx.owner.userId}` }) },
  "PATCH /api/manage/trade-accounts/:userId": { trade: true, scope: "manager", ok: 200, request: (fx) => ({ method: "PATCH", url: `/api/manage/trade-accounts/${fx.owner.userId}`, payload: { held: false } }) },
  "POST /api/manage/trade-accounts/:userId/payments": {
    trade: true,
    scope: "manager",
    // The owner's card order is not on account: the handler's 400, after the role check.
    ok: 400,
    request: (fx) => ({ method: "POST", url: `/api/manage/trade-accounts/${fx.owner.userId}/payments`, payload: { orderGroupId: fx.owner.order.orderGroupId, amountPence: 100, receivedOn: "2026-11-25" } }),
  },
  "GET /api/manage/reports/receivables": { scope: "manager", ok: 200, request: () => ({ method: "GET", url: "/api/manage/reports/receivables" }) },
  "GET /api/manage/reports/receivables.csv": { scope: "manager", ok: 200, request: () => ({ method: "GET", url: "/api/manage/reports/receivables.csv" }) },
  "POST /api/manage/staff": { scope: "manager", ok: 200, request: () => ({ method: "POST", url: "/api/manage/staff", payload: { email: randomEmail(), role: "staff" } }) },
  "POST /api/manage/staff/:userId/role": { scope: "manager", ok: 200, request: (fx) => ({ method: "POST", url: `/api/manage/staff/${fx.colleague.userId}/role`, payload: { role: "manager" } }) },
  "POST /api/manage/staff/:userId/remove": { scope: "manager", ok: 200, request: (fx) => ({ method: "POST", url: `/api/manage/staff/${fx.colleague.userId}/remove` }) },
  ...DESIGN_JOB_CASES,
};
