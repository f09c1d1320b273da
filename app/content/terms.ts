// Terms of sale for /terms (Printwise Trade Print). Business-to-business terms,
// consistent with faq.ts and about.ts. Plain text paragraphs.

export const termsUpdated = "2026-11-01";

export type TermsSection = { id: string; heading: string; paragraphs: string[] };

export const terms: TermsSection[] = [
  {
    id: "definitions",
    heading: "1. Definitions",
    paragraphs: [
      "In these terms, \"we\", \"us\", \"our\" and \"Printwise\" mean Printwise Trade Print. \"You\" and \"your\" mean the business or person placing an order with us.",
      "\"Order\" means an order placed through our website and paid for at checkout. \"Artwork\" means any files, images, text or designs you supply or approve for printing. \"Printed items\" are products printed to your order; \"off-the-shelf items\" are unprinted stock products.",
      "\"Working day\" means Monday to Friday, excluding bank holidays in England and Wales. All times are UK time.",
    ],
  },
  {
    id: "who-we-sell-to",
    heading: "2. Who we sell to",
    paragraphs: [
      "We sell to business customers, including trade customers who resell our products to their own clients. By placing an order you confirm that you are buying in the course of a business.",
      "If you buy from us as a consumer, nothing in these terms affects your statutory rights.",
    ],
  },
  {
    id: "quotes-and-prices",
    heading: "3. Quotes and prices",
    paragraphs: [
      "Prices on our website are shown excluding VAT. The price shown on the product page for your chosen size, quantity and options, including any quantity discount, is the price of that line.",
      "Your basket adds delivery at a flat £9.95 per order to UK mainland addresses, takes off any promo discount from the Sub Total, and adds VAT at 20% on the Sub Total less any promo discount plus delivery. The Total shown in the basket is the amount you pay.",
      "Quantity discounts apply to a single item ordered in the same configuration: 5% from 5, 10% from 10, 15% from 15, 20% from 20 and 25% from 25 units. If a price shown on our website is obviously wrong, we will contact you before going ahead and you may cancel for a full refund.",
    ],
  },
  {
    id: "orders-and-acceptance",
    heading: "4. Orders and acceptance",
    paragraphs: [
      "A contract between you and us is formed when your payment is taken at checkout; an order is not confirmed until it has been paid. We send a confirmation by email, and the order appears in your account.",
      "There is no minimum order quantity, although some products are sold in packs and the pack minimum is shown on the product page. Each order is delivered to a single address.",
    ],
  },
  {
    id: "artwork-and-proofs",
    heading: "5. Artwork and proofs",
    paragraphs: [
      "After payment you upload artwork for each item (and for each version where you ordered more than one) and approve an on-screen proof. We print only artwork that you have approved.",
      "Our uploader checks the resolution at print size, the colour space and whether the artwork's proportions match the ordered size, and shows any warnings before you approve. These checks are a guide; they are not a proofread.",
      "You are responsible for the content of your artwork, including spelling, wording, prices, contact details and image quality. We recommend PDF or JPG artwork in CMYK at 150dpi at full size or 300dpi at half size; RGB files are converted to CMYK and may print darker. We are not responsible for errors in artwork you have approved or for results of ignoring a warning shown to you.",
      "Our design service costs £6+VAT per design, with a first proof within 2-3 working days. Production lead times begin once you have approved the final design.",
    ],
  },
  {
    id: "intellectual-property",
    heading: "6. Intellectual property and content",
    paragraphs: [
      "You confirm that you own or are licensed to use everything in your artwork, and that printing it will not infringe anyone's copyright, trade marks or other rights, or break any law. If you are a reseller, this applies to artwork supplied by your clients.",
      "You will compensate us for any claims, losses and costs we suffer because artwork you supplied breaches this warranty. We may refuse to print artwork that we reasonably believe is unlawful, offensive or infringes someone's rights, in which case we will refund the affected item.",
      "You keep all rights in your artwork. We use it only to produce and deliver your order and to handle any reorder or claim.",
    ],
  },
  {
    id: "production-and-lead-times",
    heading: "7. Production and lead times",
    paragraphs: [
      "Standard turnaround is 3-4 working days and Express is 2 working days. Orders paid for before 6pm UK time on a working day start that day; orders paid for after 6pm, or at a weekend or on a bank holiday, start on the next working day.",
      "Lead times assume that you upload and approve your artwork promptly after payment; time spent waiting for artwork or approval is added to them. Delivery dates shown on our website are estimates, and time of delivery is not of the essence unless we have agreed otherwise in writing.",
      "Printed colours may vary slightly between screens, materials and production runs. Because we print in CMYK, we reproduce Pantone colours as closely as CMYK allows but cannot guarantee an exact match.",
    ],
  },
  {
    id: "delivery-and-risk",
    heading: "8. Delivery and risk",
    paragraphs: [
      "We deliver by tracked courier to UK mainland addresses for a flat £9.95 per order. Please contact us before ordering if you need delivery anywhere else.",
      "Risk in the goods passes to you when they are delivered to the address you gave us. Ownership passes to you once we have received payment in full.",
      "We are not responsible for delays caused by the courier or by events outside our reasonable control, but we will help you trace any parcel that is late or missing.",
    ],
  },
  {
    id: "blind-delivery",
    heading: "9. Blind delivery",
    paragraphs: [
      "Orders are sent in plain, unbranded packaging with no Printwise branding, and delivery notes show no prices. Trade customers may enter their own client's address as the delivery address.",
      "Invoices and order emails are sent to you, not to the delivery address. You remain our customer and are responsible for the order, including any claim, even when it is delivered to your client.",
    ],
  },
  {
    id: "inspection-and-claims",
    heading: "10. Inspection and claims",
    paragraphs: [
      "Please inspect your order as soon as it arrives. If a printed item is faulty, or damaged in transit, tell us within 14 days of delivery with your order ID and clear photographs of the fault and, for transit damage, of the packaging.",
      "If we accept the claim, we will reprint the affected items free of charge or refund or credit you for them, at our option. We may ask you to return the faulty items or keep them for collection.",
      "A like-for-like reprint is free. If you want to change the artwork on a replacement after a damage claim, the redesigned item is charged at 50% of the item's price.",
      "Claims do not cover errors in artwork you approved, colour differences caused by supplying RGB artwork, or normal wear and tear.",
    ],
  },
  {
    id: "returns",
    heading: "11. Returns",
    paragraphs: [
      "Printed items are made to your order and cannot be returned unless they are faulty; faulty items are dealt with under section 10.",
      "Unused off-the-shelf items in their original condition can be returned if you contact us within 14 days of delivery. A 25% restocking fee applies, and we refund the balance once the items are back with us and checked. The fee applies to off-the-shelf items only.",
    ],
  },
  {
    id: "cancellation",
    heading: "12. Cancellation",
    paragraphs: [
      "You may cancel an order at any time before production starts by contacting us with your order ID; we will refund the amount you paid to the original card.",
      "Once production has started, printed items are being made to your specification and the order cannot be cancelled.",
    ],
  },
  {
    id: "payment",
    heading: "13. Payment",
    paragraphs: [
      "Payment is taken in full at checkout by Visa, Mastercard or American Express on a secure hosted payment page. We never see or store your full card details.",
      "A VAT invoice is issued for every order, and your orders are listed in your account. Refunds are made to the card used to pay.",
    ],
  },
  {
    id: "promo-codes",
    heading: "14. Promo codes",
    paragraphs: [
      "Promo codes give a percentage off the Sub Total; they never apply to delivery. One code may be used per order and must be applied in the basket before payment; it cannot be added to an order afterwards.",
      "The code Welcome gives 10% off for new customers and is valid on a customer's first paid order only. Codes have no cash value, may have start and end dates or usage limits, and may be withdrawn at any time.",
    ],
  },
  {
    id: "liability",
    heading: "15. Limitation of liability",
    paragraphs: [
      "Our total liability to you for any order is limited to the price you paid for that order.",
      "We are not liable for indirect or consequential losses, or for loss of profit, revenue, business or goodwill, or for costs connected with events or campaigns, even if an order is late or faulty.",
      "Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else that cannot be limited by law.",
    ],
  },
  {
    id: "data-protection",
    heading: "16. Data protection",
    paragraphs: [
      "We handle personal data in line with UK GDPR and the Data Protection Act 2018. We use your details, and those of any delivery recipient you give us, only to process, deliver and support your orders and to manage your account.",
      "Card payments are handled by our payment provider, and we share delivery details with our courier only so they can deliver your order. You can ask for a copy of your data or for your account to be closed by contacting us.",
      "If you give us a client's details for blind delivery, you confirm that you are entitled to share them with us for that purpose.",
    ],
  },
  {
    id: "governing-law",
    heading: "17. Governing law",
    paragraphs: [
      "These terms and any contract between us are governed by the law of England and Wales, and the courts of England and Wales have exclusive jurisdiction.",
      "We may update these terms from time to time; the version in force when you place an order applies to that order.",
    ],
  },
];
