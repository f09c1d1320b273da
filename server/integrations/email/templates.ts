// Every email the shop sends but the design service's (design-templates.ts), by kind: layout.ts (what they all
// share), contact-templates.ts, account-templates.ts, order-templates.ts and quote-templates.ts.
export { actionLink, escapeHtml, layout, paragraph, textFooter, type EmailContent } from "./layout";
export { contactAcknowledgement, contactToShop, type ContactDetails } from "./contact-templates";
export { passwordResetEmail } from "./account-templates";
export { artworkRejectedEmail, dispatchEmail, orderConfirmationEmail, refundEmail, reprintEmail, type ConfirmationOrder } from "./order-templates";
export { quoteEmail, quoteRequestAcknowledgement, quoteRequestToShop } from "./quote-templates";
