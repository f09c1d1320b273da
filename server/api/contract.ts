// The API's contract with the browser: every call the React app makes, with the schemas its route
// declares. The app's types are read from here (`ApiAnswer<"GET /api/auth/me">`), so no answer's shape is
// written twice, and contract.test.ts checks against the live route table that each entry is the very
// schema its route validates and serialises with. This module only gathers: the schemas live beside
// their routes.
import type { z } from "zod";
import { contactFormSchema } from "../../domain/contact";
import { categoryDetailsSchema, subcategoryDetailsSchema } from "../../domain/category-details";
import { productDetailsSchema } from "../../domain/product-details";
import { promotionFormSchema } from "../../domain/promotion";
import { detailsSchema, loginRequestSchema, passwordResetConfirmSchema, passwordResetRequestSchema, signupRequestSchema } from "../../domain/account";
import { checkoutAddressRequestSchema } from "../../domain/address";
import { meAnswer, passwordResetDoneAnswer, savedAddressesAnswer, sessionAnswer } from "./accounts/routes";
import { foundAddressAnswer, resolveBody, suggestBody, suggestionsAnswer } from "./address/routes";
import { versionAnswer, versionChangeBody } from "./artwork/routes";
import {
  priceHistoryAnswer,
  priceImportAnswer,
  pricePreviewAnswer,
  pricePreviewBody,
  priceImportBody,
  priceRestoreBody,
  priceSaveBody,
  priceSavedAnswer,
  categoryTreeAnswer,
  productDetailsAnswer,
  productDetailsSavedAnswer,
  productImageAnswer,
  productListAnswer,
  productPricesAnswer,
  promotionAnswer,
  promotionListAnswer,
} from "./back-office/routes";
import { auditAnswer, staffInviteBody, staffInvitedAnswer, staffListAnswer, staffRoleBody } from "./back-office/team-routes";
import { salesReportAnswer, todayAnswer } from "./back-office/report-routes";
import { catalogueAnswer } from "./catalogue/routes";
import { checkoutSessionAnswer, createOrderBody, createSessionBody, onAccountAnswer, orderCreatedAnswer, paymentSessionAnswer, sendConfirmationBody } from "./checkout/routes";
import { guestQuoteCreatedAnswer, quoteAnswer, quoteCreatedAnswer, quoteFromBasketBody, quoteListAnswer } from "./quotes/routes";
import { uploadOutcomeAnswer } from "./resumable/routes";
import { myTradeAccountAnswer, openTradeAccountBody, receivablesAnswer, tradeAccountAnswer, tradeAccountListAnswer, updateTradeAccountBody } from "./trade/routes";
import { guestQuickQuoteSchema, quickQuoteFormSchema, quotePriceSchema } from "../../domain/quote";
import { accountPaymentSchema } from "../../domain/trade-account";
import { contactSentAnswer } from "./contact/routes";
import { attributesAttachedAnswer, attributesBody, groupStatusAnswer, orderListAnswer, printReadyBody } from "./orders/routes";
import { orderGroupSchema } from "./orders/serialise";
import { calculatePriceBody, priceAnswer } from "./pricing/routes";
import { applyPromoBody, promoAnswer } from "./promotions/routes";
import { doneAnswer, doneWithMessageAnswer } from "./schemas";
import { dispatchBody, failedEmailsAnswer, moveBody, queuePageAnswer, rejectBody, staffJobAnswer, undoBody } from "./staff/routes";
import { ordersDeskAnswer } from "./staff/orders-desk-routes";
import { bulkStatusAnswer, bulkStatusBody } from "./staff/orders-bulk-routes";
import { customerAnswer, customersAnswer } from "./staff/customers-routes";
import { cancelBody, refundAnswer, refundBody, reprintAnswer, reprintBody, staffCancelBody } from "./after-sale/routes";
import { paymentLinkAnswer, redesignAnswer, redesignBody, redesignListAnswer } from "./design-jobs/redesign-routes";
import { amendsBody, approveBody, briefBody, deskAnswer, designFileAnswer, designJobAnswer } from "./design-jobs/serialise";
import { designAnswer, designBody, designImageAnswer, designListAnswer, designProofAnswer, designSaveBody, useDesignBody } from "./designs/routes";

/** `body`: a JSON body's schema; `form`: a multipart form's text fields' schema (its route's declare({ form: { schema } })). */
type Entry = { answer: z.ZodType; body?: z.ZodType; form?: z.ZodType };

export const API_CONTRACT = {
  "GET /api/data": { answer: catalogueAnswer },
  "POST /api/calculatePrice": { answer: priceAnswer, body: calculatePriceBody },
  "POST /api/apply-promo": { answer: promoAnswer, body: applyPromoBody },
  "POST /api/email/contact": { answer: contactSentAnswer, body: contactFormSchema },
  "POST /api/address/suggest": { answer: suggestionsAnswer, body: suggestBody },
  "POST /api/address/resolve": { answer: foundAddressAnswer, body: resolveBody },

  "POST /api/auth/signup": { answer: sessionAnswer, body: signupRequestSchema },
  "POST /api/auth/login": { answer: sessionAnswer, body: loginRequestSchema },
  "POST /api/auth/logout": { answer: doneWithMessageAnswer },
  "GET /api/auth/me": { answer: meAnswer },
  "PUT /api/user/me": { answer: doneWithMessageAnswer, body: detailsSchema },
  "POST /api/auth/password-reset": { answer: doneWithMessageAnswer, body: passwordResetRequestSchema },
  "POST /api/auth/password-reset/confirm": { answer: passwordResetDoneAnswer, body: passwordResetConfirmSchema },
  "GET /api/user/address/:userId": { answer: savedAddressesAnswer },
  "POST /api/checkout/address": { answer: doneWithMessageAnswer, body: checkoutAddressRequestSchema },

  "POST /api/stripe/create-checkout-session": { answer: checkoutSessionAnswer, body: createSessionBody },
  "GET /api/stripe/session/:sessionId": { answer: paymentSessionAnswer },
  "POST /api/orders/:clientReference": { answer: orderCreatedAnswer, body: createOrderBody },
  "POST /api/email/send-confirmation": { answer: doneWithMessageAnswer, body: sendConfirmationBody },
  "POST /api/checkout/on-account": { answer: onAccountAnswer, body: createSessionBody },

  "POST /api/quotes": { answer: quoteCreatedAnswer, body: quoteFromBasketBody },
  "POST /api/quote-requests": { answer: quoteCreatedAnswer, form: quickQuoteFormSchema },
  "POST /api/quote-requests/guest": { answer: guestQuoteCreatedAnswer, form: guestQuickQuoteSchema },
  "GET /api/quotes": { answer: quoteListAnswer },
  "GET /api/quotes/:quoteId": { answer: quoteAnswer },
  "GET /api/account/trade-account": { answer: myTradeAccountAnswer },

  "GET /api/orders/:userId": { answer: orderListAnswer },
  "GET /api/orders/group/:orderGroupId": { answer: orderGroupSchema },
  "PATCH /api/orders/group/:orderGroupId": { answer: groupStatusAnswer, body: printReadyBody },
  "POST /api/orders/:orderId/attributes": { answer: attributesAttachedAnswer, body: attributesBody },
  "POST /api/orders/:orderId/imgs": { answer: versionAnswer },
  "GET /api/uploads/:uploadId": { answer: uploadOutcomeAnswer },
  "PATCH /api/orders/:orderId/imgs/:versionNumber": { answer: versionAnswer, body: versionChangeBody },
  "DELETE /api/orders/:orderId/imgs/:versionNumber": { answer: doneAnswer },
  "POST /api/orders/:orderId/design": { answer: versionAnswer, body: useDesignBody },

  "GET /api/designs": { answer: designListAnswer },
  "POST /api/designs": { answer: designAnswer, body: designBody },
  "GET /api/designs/:designId": { answer: designAnswer },
  "PUT /api/designs/:designId": { answer: designAnswer, body: designSaveBody },
  "POST /api/designs/:designId/copy": { answer: designAnswer },
  "DELETE /api/designs/:designId": { answer: doneAnswer },
  "POST /api/designs/:designId/proof": { answer: designProofAnswer },
  "POST /api/design-images": { answer: designImageAnswer },

  "GET /api/staff/queue": { answer: queuePageAnswer },
  "GET /api/staff/orders": { answer: ordersDeskAnswer },
  "POST /api/staff/bulk/status": { answer: bulkStatusAnswer, body: bulkStatusBody },
  "GET /api/staff/customers": { answer: customersAnswer },
  "GET /api/staff/customers/:userId": { answer: customerAnswer },
  "GET /api/staff/orders/:orderGroupId": { answer: staffJobAnswer },
  "POST /api/staff/items/:orderId/status": { answer: doneAnswer, body: moveBody },
  "POST /api/staff/items/:orderId/reject": { answer: doneAnswer, body: rejectBody },
  "POST /api/staff/items/:orderId/undo": { answer: doneAnswer, body: undoBody },
  "POST /api/staff/orders/:orderGroupId/dispatch": { answer: doneAnswer, body: dispatchBody },
  "POST /api/orders/group/:orderGroupId/cancel": { answer: refundAnswer, body: cancelBody },
  "POST /api/staff/orders/:orderGroupId/refunds": { answer: refundAnswer, body: refundBody },
  "POST /api/staff/orders/:orderGroupId/cancel": { answer: refundAnswer, body: staffCancelBody },
  "POST /api/staff/orders/:orderGroupId/reprints": { answer: reprintAnswer, body: reprintBody },
  "GET /api/orders/:orderId/design": { answer: designJobAnswer },
  "PUT /api/orders/:orderId/design/brief": { answer: designJobAnswer, body: briefBody },
  "POST /api/orders/:orderId/design/files": { answer: designFileAnswer },
  "DELETE /api/orders/:orderId/design/files/:fileId": { answer: doneAnswer },
  "POST /api/orders/:orderId/design/amends": { answer: designJobAnswer, body: amendsBody },
  "POST /api/orders/:orderId/design/approve": { answer: designJobAnswer, body: approveBody },
  "GET /api/staff/design": { answer: deskAnswer },
  "GET /api/staff/design/:orderId": { answer: designJobAnswer },
  "POST /api/staff/design/:orderId/take": { answer: designJobAnswer },
  "POST /api/staff/design/:orderId/proofs": { answer: designJobAnswer },
  "POST /api/staff/orders/:orderGroupId/redesigns": { answer: redesignAnswer, body: redesignBody },
  "GET /api/staff/orders/:orderGroupId/redesigns": { answer: redesignListAnswer },
  "GET /api/orders/group/:orderGroupId/redesigns": { answer: redesignListAnswer },
  "POST /api/orders/group/:orderGroupId/redesigns/:redesignId/pay": { answer: paymentLinkAnswer },
  "GET /api/staff/outbox": { answer: failedEmailsAnswer },
  "POST /api/staff/outbox/:emailId/requeue": { answer: doneAnswer },

  "GET /api/manage/products": { answer: productListAnswer },
  "GET /api/manage/categories": { answer: categoryTreeAnswer },
  "PUT /api/manage/categories/:categoryId": { answer: doneAnswer, body: categoryDetailsSchema },
  "POST /api/manage/categories/:categoryId/image": { answer: productImageAnswer },
  "PUT /api/manage/subcategories/:subcategoryId": { answer: doneAnswer, body: subcategoryDetailsSchema },
  "GET /api/manage/products/:productId/prices": { answer: productPricesAnswer },
  "GET /api/manage/products/:productId/details": { answer: productDetailsAnswer },
  "PUT /api/manage/products/:productId/details": { answer: productDetailsSavedAnswer, body: productDetailsSchema },
  "POST /api/manage/products/:productId/image": { answer: productImageAnswer },
  "POST /api/manage/products/:productId/prices/preview": { answer: pricePreviewAnswer, body: pricePreviewBody },
  "PUT /api/manage/products/:productId/prices": { answer: priceSavedAnswer, body: priceSaveBody },
  "GET /api/manage/products/:productId/prices/history": { answer: priceHistoryAnswer },
  "POST /api/manage/products/:productId/prices/restore": { answer: priceSavedAnswer, body: priceRestoreBody },
  "POST /api/manage/price-list/import": { answer: priceImportAnswer, body: priceImportBody },
  "GET /api/manage/promotions": { answer: promotionListAnswer },
  "POST /api/manage/promotions": { answer: promotionAnswer, body: promotionFormSchema },
  "PUT /api/manage/promotions/:promotionId": { answer: promotionAnswer, body: promotionFormSchema },
  "GET /api/manage/audit": { answer: auditAnswer },
  "GET /api/manage/reports/sales": { answer: salesReportAnswer },
  "GET /api/manage/today": { answer: todayAnswer },
  "GET /api/manage/staff": { answer: staffListAnswer },
  "GET /api/manage/quotes": { answer: quoteListAnswer },
  "GET /api/manage/quotes/:quoteId": { answer: quoteAnswer },
  "POST /api/manage/quotes/:quoteId/price": { answer: quoteCreatedAnswer, body: quotePriceSchema },
  "GET /api/manage/trade-accounts": { answer: tradeAccountListAnswer },
  "POST /api/manage/trade-accounts": { answer: tradeAccountAnswer, body: openTradeAccountBody },
  "GET /api/manage/trade-accounts/:userId": { answer: tradeAccountAnswer },
  "PATCH /api/manage/trade-accounts/:userId": { answer: tradeAccountAnswer, body: updateTradeAccountBody },
  "POST /api/manage/trade-accounts/:userId/payments": { answer: tradeAccountAnswer, body: accountPaymentSchema },
  "GET /api/manage/reports/receivables": { answer: receivablesAnswer },
  "POST /api/manage/staff": { answer: staffInvitedAnswer, body: staffInviteBody },
  "POST /api/manage/staff/:userId/role": { answer: staffInvitedAnswer, body: staffRoleBody },
  "POST /api/manage/staff/:userId/remove": { answer: staffInvitedAnswer },
} as const satisfies Record<string, Entry>;

/** A call the browser makes: its method and route, as the server declares it. */
export type ApiCall = keyof typeof API_CONTRACT;

/** What a call answers on success. */
export type ApiAnswer<Call extends ApiCall> = z.output<(typeof API_CONTRACT)[Call]["answer"]>;

/** What a call's body may be, where the contract names its schema (before the server's transforms). */
export type ApiBody<Call extends ApiCall> = (typeof API_CONTRACT)[Call] extends { body: infer Body extends z.ZodType } ? z.input<Body> : unknown;
