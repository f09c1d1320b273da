// FAQ content for the /faq page (Printwise Trade Print).
// Every answer promises only what the shop actually does; numbers match the
// spec's FAQ rules and the rulings in docs/decisions/README.md. Paragraphs inside an answer are separated
// by a blank line ("\n\n"). Plain text only.

export type FaqTopic =
  | "Ordering"
  | "Pricing & payment"
  | "Artwork"
  | "Production & delivery"
  | "Products & sizes"
  | "Trade & white label"
  | "Returns & claims"
  | "Account";

export type FaqItem = {
  id: string;
  question: string;
  answer: string;
  topic: FaqTopic;
};

export const faqTopics: FaqTopic[] = [
  "Ordering",
  "Pricing & payment",
  "Artwork",
  "Production & delivery",
  "Products & sizes",
  "Trade & white label",
  "Returns & claims",
  "Account",
];

export const faq: FaqItem[] = [
  // ---------------------------------------------------------------- Ordering
  {
    id: "how-do-i-order",
    topic: "Ordering",
    question: "How do I place an order?",
    answer:
      "Pick a product, set the size, quantity and options, and add it to your basket. Check out as a guest or sign in, enter your billing and delivery addresses, and pay by card on our secure payment page.\n\nAs soon as your payment goes through, you upload the artwork for each item and approve the proof on screen, and we take it from there.",
  },
  {
    id: "minimum-order-quantity",
    topic: "Ordering",
    question: "Is there a minimum order quantity?",
    answer:
      "No, there's no minimum order quantity: you can order a single banner, poster or sign at the same trade price as everyone else. A few products are sold in packs, and where that's the case the pack minimum is shown on the product page and the quantity box won't go below it.",
  },
  {
    id: "do-i-need-a-quote",
    topic: "Ordering",
    question: "Do I need a quote before I order?",
    answer:
      "Usually not. Every product page shows a live price that updates as you change the size, quantity and options, so you know exactly what a line costs before delivery and VAT are added. For anything unusual, such as a size or finish that isn't listed, email us or use the contact form and we'll help.",
  },
  {
    id: "opening-hours",
    topic: "Ordering",
    question: "When can I get hold of you?",
    answer:
      "Our team is here Monday to Friday, 9:00 to 5:00, and we're closed at weekends. You can call us, email us or use the contact form; messages that arrive out of hours are picked up on the next working day.",
  },
  {
    id: "multiple-artworks",
    topic: "Ordering",
    question: "Can I order several designs of the same product in one go?",
    answer:
      "Yes. On the product page, answer Yes to 'Multiple artworks?' and enter how many versions you need. After payment you upload one file per version and say how many of each to print, and those quantities must add up to the total you ordered.\n\nBecause it's still one item, your quantity discount is worked out on the total quantity.",
  },
  {
    id: "change-artwork-after-ordering",
    topic: "Ordering",
    question: "Can I change my artwork after I've ordered?",
    answer:
      "Until you approve it, yes: in the artwork uploader you can remove a file and upload a new one as often as you like. Once every proof is approved, your order moves to Print Ready and heads into production. If you spot a problem after that, call us or email us straight away with your order ID and we'll do our best to catch it before it's printed.",
  },
  {
    id: "cancel-order",
    topic: "Ordering",
    question: "Can I cancel an order?",
    answer:
      "Yes, as long as production hasn't started. Contact us with your order ID as soon as you can: if the order still shows Awaiting Artwork or Print Ready and hasn't gone to print, we'll cancel it and refund your card in full. Once it's in Production it's being made to your specification and can no longer be cancelled.",
  },
  {
    id: "free-sample-pack",
    topic: "Ordering",
    question: "Can I see your materials before I order?",
    answer:
      "Yes, we send out a free sample pack so you can feel the materials and check the print quality for yourself. Press Order Now on the Free Sample Pack panel on our home page, which opens the contact form with the subject filled in, and include your business name and delivery address.",
  },

  // ------------------------------------------------------- Pricing & payment
  {
    id: "prices-ex-vat",
    topic: "Pricing & payment",
    question: "Do your prices include VAT?",
    answer:
      "No. As a trade printer we show prices excluding VAT, both on the product page and on each line in your basket. The basket then adds delivery and VAT at 20%, so you always see the full total before you pay.",
  },
  {
    id: "how-total-is-worked-out",
    topic: "Pricing & payment",
    question: "How is my order total worked out?",
    answer:
      "Your basket adds up the line prices (the Sub Total), takes off any promo discount, adds £9.95 delivery, and then adds VAT at 20% on that amount.\n\nFor example, a £100.00 Sub Total with the 10% Welcome code comes to £90.00, plus £9.95 delivery makes £99.95, and £19.99 VAT gives a Total of £119.94.",
  },
  {
    id: "delivery-charge",
    topic: "Pricing & payment",
    question: "How much is delivery?",
    answer:
      "Delivery is a flat £9.95 per order to UK mainland addresses, however many items you order and whatever their size. It's added in the basket, and VAT at 20% applies to it in the usual way.",
  },
  {
    id: "payment-methods",
    topic: "Pricing & payment",
    question: "How can I pay?",
    answer:
      "We accept Visa, Mastercard and American Express. You pay at checkout on a secure hosted payment page, so your card details go straight to the payment provider and are never stored by us.\n\nAll orders are paid by card at checkout; we don't currently offer credit accounts or bank transfer.",
  },
  {
    id: "when-am-i-charged",
    topic: "Pricing & payment",
    question: "When is my card charged, and when is my order confirmed?",
    answer:
      "Your card is charged at checkout, and your order is confirmed only once that payment has gone through. If a payment fails, no order is created and nothing is taken, so you can simply try again or contact us if it keeps happening.",
  },
  {
    id: "vat-invoice",
    topic: "Pricing & payment",
    question: "Will I get a VAT invoice?",
    answer:
      "Yes, a VAT invoice is issued for every order. Your order confirmation email shows the full breakdown (Sub Total, Promo Discount, Delivery, VAT and Total), and all your orders stay listed in your account for your records.",
  },
  {
    id: "quantity-discounts",
    topic: "Pricing & payment",
    question: "Do you offer quantity discounts?",
    answer:
      "Yes, and they're applied automatically when you order more of the same item: 5% off from 5, 10% from 10, 15% from 15, 20% from 20 and 25% from 25 or more. For example, 12 of the same banner get 10% off. The product page shows the original price struck through next to the discounted one, so you see the saving before adding it to your basket.",
  },
  {
    id: "welcome-discount",
    topic: "Pricing & payment",
    question: "Is there a discount for new customers?",
    answer:
      "Yes: enter the code Welcome in your basket for 10% off your first order. It's for new customers only, so it works on your first paid order and not after that. Like all our promo codes, it comes off the Sub Total rather than delivery.",
  },
  {
    id: "promo-codes",
    topic: "Pricing & payment",
    question: "How do promo codes work?",
    answer:
      "Type the code into the promo box in your basket and press Update; codes aren't case-sensitive. One code can be used per order, and the discount comes off the Sub Total, not delivery. Please apply it before you pay, as we can't add a code to an order once it's been placed.",
  },

  // ------------------------------------------------------------------ Artwork
  {
    id: "upload-artwork-when",
    topic: "Artwork",
    question: "When and how do I send my artwork?",
    answer:
      "Straight after payment you're taken to the artwork uploader, where you drop or select a file for each item (and for each version, if you ordered several). You can add notes for us, approve each proof, and then press Order Complete.",
  },
  {
    id: "file-formats",
    topic: "Artwork",
    question: "What file formats can I upload?",
    answer:
      "PDF or JPG is ideal. The uploader also accepts other common image files, but a print-ready PDF or a high-quality JPG gives the most predictable result.",
  },
  {
    id: "artwork-resolution",
    topic: "Artwork",
    question: "What resolution should my artwork be?",
    answer:
      "Supply your artwork at 150dpi at full print size, or at 300dpi if you've set it up at half size. Anything lower can look soft or pixelated, and the uploader warns you before you approve if your file looks too low for the size you've ordered.",
  },
  {
    id: "cmyk-or-rgb",
    topic: "Artwork",
    question: "Should my artwork be CMYK or RGB?",
    answer:
      "Please supply CMYK. RGB files are converted to CMYK before printing, and because screens show brighter colours than ink can reproduce, converted RGB artwork can print darker or duller than it looks on your monitor.",
  },
  {
    id: "bleed-and-crop-marks",
    topic: "Artwork",
    question: "Do I need to add bleed or crop marks?",
    answer:
      "No, you don't need bleed or crop marks. Set your document to the exact finished size you've ordered, and keep important text and logos a little way in from the edges, especially if you're having drill holes or rounded corners.",
  },
  {
    id: "max-file-size",
    topic: "Artwork",
    question: "Is there a file size limit?",
    answer:
      "Yes, the maximum is 200MB per artwork file. If yours is bigger, flattening layers, saving a compressed PDF or exporting a JPG at the recommended resolution usually brings it well under the limit.",
  },
  {
    id: "proofs",
    topic: "Artwork",
    question: "Will I see a proof before you print?",
    answer:
      "Yes. When you upload a file you see an on-screen proof of how it sits on the size you ordered, and nothing goes to print until you approve it. You can approve, reject or remove each file, and your order only moves to Print Ready once every item is approved.",
  },
  {
    id: "artwork-checks",
    topic: "Artwork",
    question: "Do you check my artwork?",
    answer:
      "Yes. The uploader checks the resolution at print size, the colour space, and whether the shape of your file matches the size you ordered, and it shows any warnings before you approve.\n\nWe don't proofread, though, so please check spelling, phone numbers and prices carefully: you're approving the content exactly as supplied.",
  },
  {
    id: "design-service",
    topic: "Artwork",
    question: "Can you design my artwork for me?",
    answer:
      "Yes, our design service costs £6+VAT per design. Send us your brief, logo and wording, and you'll get a first proof within 2-3 working days. You can ask for amends before approving, and production starts once you've signed off the final design.",
  },
  {
    id: "pantone-colours",
    topic: "Artwork",
    question: "Can you match a Pantone colour?",
    answer:
      "We print in CMYK, so Pantone spot colours are reproduced with the closest CMYK mix rather than a special ink. Most colours come out very close, but some bright, metallic or fluorescent shades can't be matched exactly. Put the Pantone reference in the notes when you upload and we'll aim for the nearest match.",
  },
  {
    id: "colour-matching",
    topic: "Artwork",
    question: "Will my print match the colours on my screen?",
    answer:
      "Screens are backlit and show colour in RGB, while print uses CMYK inks on real materials, so there's always some difference. For the closest result, supply CMYK artwork, and if colour is critical, order a free sample pack first to see how our materials take colour.",
  },

  // ---------------------------------------------------- Production & delivery
  {
    id: "lead-times",
    topic: "Production & delivery",
    question: "How long will my order take?",
    answer:
      "Standard turnaround is 3-4 working days and Express is 2 working days. The product page shows an estimated 'Delivery by' date for an order placed now, which assumes you upload and approve your artwork promptly after paying. All dates are estimates, as the final leg is in the courier's hands.",
  },
  {
    id: "express-turnaround",
    topic: "Production & delivery",
    question: "What is Express turnaround?",
    answer:
      "Express gets your order to you in 2 working days instead of the standard 3-4 working days. Choose it in the turnaround options on the product page, and its cost is included in the live price before you add the item to your basket.",
  },
  {
    id: "order-cut-off",
    topic: "Production & delivery",
    question: "What is the daily cut-off time?",
    answer:
      "Orders placed before 6pm UK time on a working day start that same day. Orders placed after 6pm, or at weekends or on bank holidays, start on the next working day. The countdown on each product page shows how long is left to make today's cut-off.",
  },
  {
    id: "working-days",
    topic: "Production & delivery",
    question: "What counts as a working day?",
    answer:
      "Monday to Friday, excluding bank holidays in England and Wales. Weekends and bank holidays aren't counted in our lead times, so an order placed on a Friday evening starts on the Monday (or the Tuesday after a bank holiday Monday).",
  },
  {
    id: "delivery-tracking",
    topic: "Production & delivery",
    question: "How is my order delivered, and can I track it?",
    answer:
      "Every order is sent by tracked courier. You can follow its progress in your account as it moves from Awaiting Artwork through to Dispatched, and if you need the courier's tracking details, call us or email us with your order ID.",
  },
  {
    id: "delivery-areas",
    topic: "Production & delivery",
    question: "Where do you deliver?",
    answer:
      "We deliver to addresses on the UK mainland for a flat £9.95 per order. If you need delivery to Northern Ireland, the Scottish Highlands and islands, or outside the UK, please contact us before ordering so we can check what's possible.",
  },
  {
    id: "event-deadline",
    topic: "Production & delivery",
    question: "I need my print for an event. How do I make sure it arrives in time?",
    answer:
      "Choose Express, order before 6pm UK time on a working day, and upload and approve your artwork straight away, because that's what the 'Delivery by' date assumes. Build in a spare working day where you can, since courier delays are outside our control. If the timing is very tight, call us before ordering and we'll tell you honestly what's achievable.",
  },
  {
    id: "multiple-delivery-addresses",
    topic: "Production & delivery",
    question: "Can I send one order to several addresses?",
    answer:
      "Each order goes to a single delivery address. If items need to go to different places, such as several branches or clients, place a separate order for each address; each order carries its own £9.95 delivery charge.",
  },

  // --------------------------------------------------------- Products & sizes
  {
    id: "minimum-size",
    topic: "Products & sizes",
    question: "What's the smallest size you can print?",
    answer:
      "Most products have a minimum width and height of 304mm, and the product page won't let you go below the minimum for that item. For anything under 150mm, please contact us first so we can advise on the best product and finish.",
  },
  {
    id: "custom-sizes",
    topic: "Products & sizes",
    question: "Can I order a custom size?",
    answer:
      "Yes. For most products you enter the width and height in millimetres and the price updates instantly, because it's worked out from the area in square metres. Fixed-size products, such as standard poster sizes, let you choose portrait or landscape instead.",
  },
  {
    id: "largest-banner",
    topic: "Products & sizes",
    question: "What's the largest banner you can print?",
    answer:
      "Our banners go up to 3.2m x 50m. If you need something bigger than that, contact us and we'll talk through the options.",
  },
  {
    id: "drill-holes",
    topic: "Products & sizes",
    question: "Can you drill holes in boards and signs?",
    answer:
      "Yes, on products where drill holes are offered as an option on the product page. Holes are 6mm across and placed about 2cm from the edges, so keep text and logos clear of the corners.",
  },
  {
    id: "rounded-corners",
    topic: "Products & sizes",
    question: "Do you do rounded corners?",
    answer:
      "Yes, on products where it's listed as an option. Corners are rounded to a 16mm radius, which gives a softer look and makes signs nicer to handle and less likely to catch.",
  },
  {
    id: "outdoor-use",
    topic: "Products & sizes",
    question: "Are your products suitable for outdoor use?",
    answer:
      "Many are: our PVC banners, flags and outdoor boards are made to cope with rain, wind and sunlight. How long a print lasts outside depends on how exposed the site is and how well it's fixed, and the Product Specifications tab on each product page gives the material details.",
  },
  {
    id: "fixings",
    topic: "Products & sizes",
    question: "How do I hang or fix my print?",
    answer:
      "It depends on the product. Boards with drill holes can be screwed to a wall or tied to railings, and the finishing options available for each item are listed on its product page. If you're not sure what suits your site, call us and we'll recommend something.",
  },

  // ------------------------------------------------------ Trade & white label
  {
    id: "trade-prices",
    topic: "Trade & white label",
    question: "Do I need a trade account to get trade prices?",
    answer:
      "No. Every customer sees the same trade prices, with quantity discounts on top, and there's no application form or minimum spend. Check out as a guest or sign in, and your account is set up for you.",
  },
  {
    id: "blind-delivery",
    topic: "Trade & white label",
    question: "Can you deliver straight to my customer?",
    answer:
      "Yes. Enter your client's address as the delivery address at checkout and we'll send the order directly to them by tracked courier. The VAT invoice and order emails come to you, not to them.",
  },
  {
    id: "white-label-packaging",
    topic: "Trade & white label",
    question: "Will my customer see your name or your prices?",
    answer:
      "No. We send orders in plain, unbranded packaging with no Printwise branding, and the delivery note shows no prices. To your client, it simply arrives as your work.",
  },
  {
    id: "resell-prints",
    topic: "Trade & white label",
    question: "Can I resell your prints under my own brand?",
    answer:
      "Absolutely, and many of our customers do: sign-makers, designers, print brokers and agencies. Just make sure you have the right to print the artwork your clients give you, as our terms ask you to confirm that.",
  },
  {
    id: "reorders",
    topic: "Trade & white label",
    question: "How do I reorder a previous job?",
    answer:
      "Find the order in your account's order history and contact us with its order ID. We'll help you repeat it with the same specification and the artwork you approved last time, or swap in new files if anything has changed.",
  },
  {
    id: "bulk-orders",
    topic: "Trade & white label",
    question: "Do you handle large or bulk orders?",
    answer:
      "Yes. Quantity discounts reach 25% off when you order 25 or more of the same item, and they're applied automatically. For very large runs or a multi-site rollout, email us before ordering and we'll help you plan production and delivery.",
  },

  // --------------------------------------------------------- Returns & claims
  {
    id: "faulty-or-damaged",
    topic: "Returns & claims",
    question: "What if my print arrives faulty or damaged?",
    answer:
      "Our Print Guarantee has you covered. Contact us within 14 days of delivery with your order ID and clear photos of the problem (and of the packaging if it was damaged in transit), and we'll reprint it or refund you.",
  },
  {
    id: "guarantee-exclusions",
    topic: "Returns & claims",
    question: "What isn't covered by the Print Guarantee?",
    answer:
      "The guarantee covers printing faults, material defects, finishing errors and damage in transit. It doesn't cover mistakes in artwork you approved (such as spelling errors, or low resolution we warned you about), colour shifts from supplying RGB files, or normal wear from outdoor use.",
  },
  {
    id: "redesign-after-claim",
    topic: "Returns & claims",
    question: "Can I change the design when you replace a damaged item?",
    answer:
      "A like-for-like replacement under our Print Guarantee is free of charge. If you'd like to use the replacement to change the artwork instead, the redesigned item costs 50% of the item's price.",
  },
  {
    id: "return-printed-items",
    topic: "Returns & claims",
    question: "Can I return a printed item I no longer need?",
    answer:
      "Items printed to your order are made specially for you, so they can't be returned unless they're faulty. If something is wrong with one, our Print Guarantee applies.",
  },
  {
    id: "return-off-the-shelf",
    topic: "Returns & claims",
    question: "Can I return off-the-shelf items?",
    answer:
      "Yes. Unused off-the-shelf items (unprinted stock products) can be returned in their original condition, and a 25% restocking fee applies. Contact us within 14 days of delivery with your order ID to arrange it.",
  },
  {
    id: "approved-a-mistake",
    topic: "Returns & claims",
    question: "I approved artwork with a mistake in it. What can I do?",
    answer:
      "Contact us straight away, because if production hasn't started we may be able to stop the order and let you upload a corrected file. If it has already been printed, a corrected version is a new order, and choosing Express will get it to you in 2 working days.",
  },

  // ------------------------------------------------------------------ Account
  {
    id: "guest-checkout",
    topic: "Account",
    question: "Can I check out without creating an account?",
    answer:
      "Yes, choose Standard Checkout and carry on as a guest. We create an account for you automatically with the email address and password you enter at checkout, so you can follow the order and find it again later.",
  },
  {
    id: "account-features",
    topic: "Account",
    question: "What can I do in my account?",
    answer:
      "Your account shows your order history, each order's progress from Ordered through Artwork and Production to Dispatched, and the delivery and payment details for each order. You can also update your contact details at any time under Details.",
  },
  {
    id: "order-statuses",
    topic: "Account",
    question: "What do the order statuses mean?",
    answer:
      "Awaiting Artwork means we have your payment and are waiting for your files, and Print Ready means your artwork is approved. Production means it's being printed and finished, Printed means it's done and being packed, and Dispatched means it's on its way with the courier.",
  },
  {
    id: "change-details",
    topic: "Account",
    question: "How do I change my email address or phone number?",
    answer:
      "Sign in, go to My Account and open Details. You can edit your title, name, email address and telephone number there and save the changes straight away.",
  },
  {
    id: "forgotten-password",
    topic: "Account",
    question: "I've forgotten my password. What should I do?",
    answer:
      "Call us or email us from the address on your account, and we'll help you get back in. We'll never ask you for your card details.",
  },
  {
    id: "personal-data",
    topic: "Account",
    question: "How do you use my personal data?",
    answer:
      "We use your details only to process and deliver your orders and to contact you about them, in line with UK GDPR. If you'd like a copy of your data or want your account closed, email us and we'll take care of it.",
  },
];
