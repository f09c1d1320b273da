// About Us page, The Team block, and the home page info panels and benefit tiles
// (Printwise Trade Print). Facts match faq.ts and terms.ts.

export const aboutUs: { heading: "About Us"; paragraphs: string[] } = {
  heading: "About Us",
  paragraphs: [
    "Printwise Trade Print is a UK printer of large-format print for businesses: banners, posters, boards, flags and stickers. We began by printing for local sign-makers and designers, and we still work the way they taught us: clear prices, honest lead times, and print that's right the first time.",
    "Most of our customers buy print to use in their own business or to resell to theirs, so everyone gets trade prices, with no minimum order quantity and quantity discounts of up to 25% on the same item. Resellers can send orders straight to their own clients in plain, unbranded packaging with no prices on the delivery note.",
    "Every order is printed, finished and packed by our own team in our own production unit rather than passed to another printer. That's how we keep a close eye on every job, start orders placed before 6pm on a working day that same day, and deliver in 3-4 working days as standard or 2 working days on Express.",
    "We choose durable materials from established suppliers, because a print that lasts is a print that doesn't need replacing. We print to the size you order to keep offcuts down, recycle offcuts and cardboard wherever facilities allow, and reuse packaging materials where we can.",
  ],
};

export type TeamMember = { name: string; role: string; bio: string };

export const team: { heading: "The Team"; intro: string; members: TeamMember[] } = {
  heading: "The Team",
  intro:
    "We're a small team of printers, finishers and customer service people who know our materials inside out. When you call or email us, you'll speak to someone who can walk over to the printer and check your job.",
  members: [
    {
      name: "Mark Ellison",
      role: "Founder & Managing Director",
      bio: "Mark spent fifteen years running wide-format printers for sign companies before starting Printwise. He still checks the first print of the day on every new material.",
    },
    {
      name: "Claire Bennett",
      role: "Customer Service Lead",
      bio: "Claire answers most of your calls and emails, from choosing the right product to tracking down a parcel. If something isn't right, she's the one who puts it right.",
    },
    {
      name: "Rob Hughes",
      role: "Production Manager",
      bio: "Rob plans the print queue so Standard and Express orders leave on time. He looks after colour calibration and keeps the machines in top condition.",
    },
    {
      name: "Aisha Khan",
      role: "Artwork & Design",
      bio: "Aisha runs our design service and helps customers whose files need a little work. She's the person to ask about resolution, CMYK and getting a Pantone colour as close as possible.",
    },
    {
      name: "Daniel Price",
      role: "Finishing & Dispatch",
      bio: "Daniel trims, drills, rounds and packs every order before it goes to the courier. He makes sure blind deliveries leave in plain packaging with nothing that gives the game away.",
    },
    {
      name: "Sophie Turner",
      role: "Trade Customer Support",
      bio: "Sophie looks after our sign-makers, agencies and other resellers. She helps with repeat orders, bulk runs and deliveries straight to your clients.",
    },
  ],
};

export type InfoPanel = { heading: string; paragraphs: string[] };

export const homeInfoPanels: [InfoPanel, InfoPanel] = [
  {
    heading: "Trade Print for Every Business",
    paragraphs: [
      "Printwise Trade Print makes banners, posters, boards, flags and stickers for businesses, sign-makers, agencies and resellers across the UK. Set your size and options, see the price straight away, and pay securely by card; there's no minimum order quantity and delivery is a flat £9.95 per order.",
      "After payment you upload your artwork and approve an on-screen proof, with automatic checks for resolution, colour space and size. We print, finish and pack everything in-house and send it by tracked courier, to you or straight to your customer in plain, unbranded packaging.",
    ],
  },
  {
    heading: "Our Print Guarantee",
    paragraphs: [
      "If your print arrives faulty, we'll reprint it or refund you. The guarantee covers printing faults, material defects, finishing errors such as holes or corners in the wrong place, and damage in transit.",
      "It doesn't cover mistakes in artwork you approved, such as spelling errors or low resolution we warned you about, or colour shifts from supplying RGB files.",
      "To claim, contact us within 14 days of delivery with your order ID and clear photos of the problem, and of the packaging if it was damaged on the way. We'll look at it straight away and let you know how we'll put it right.",
    ],
  },
];

export type HomeBenefit = {
  title: string;
  text: string;
  icon: "truck" | "shield" | "tag" | "layers";
};

export const homeBenefits: HomeBenefit[] = [
  {
    title: "Fast & Same-Day Dispatch",
    text: "Order by 6pm on a working day and your order goes into our queue the same day. Standard delivery takes 3-4 working days, and Express gets it to you in 2 working days.",
    icon: "truck",
  },
  {
    title: "Quality Guarantee",
    text: "Every order is covered by our Print Guarantee: if a print arrives faulty, we'll reprint it or refund you.",
    icon: "shield",
  },
  {
    title: "Lowest Prices",
    text: "Trade prices for every customer, no minimum order quantity, and automatic quantity discounts of up to 25% on the same item.",
    icon: "tag",
  },
  {
    title: "Premium Materials",
    text: "Durable banner PVC, rigid boards, flag fabric and vinyl, chosen for sharp colour and a long life indoors and out.",
    icon: "layers",
  },
];
