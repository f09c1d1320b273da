// Hard-coded customer reviews for the home page carousel (Printwise Trade Print).
// Fictional customers; wording written for this shop.

export type Review = {
  id: string;
  name: string;
  company?: string;
  /** ISO date, YYYY-MM-DD, within 2025-2026. */
  date: string;
  rating: 5;
  text: string;
};

export const reviewSummary = { label: "Excellent", stars: 5, count: 1578 } as const;

export const reviews: Review[] = [
  {
    id: "review-corner-cup-cafe",
    name: "Sarah Whitfield",
    company: "The Corner Cup Café",
    date: "2025-03-14",
    rating: 5,
    text: "We ordered window posters and a shopfront banner for our relaunch and everything arrived inside four working days. The uploader flagged that our logo was too low resolution, so we swapped it before approving. Crisp print, lovely colours, and the banner has coped with a very windy March.",
  },
  {
    id: "review-holloway-pike",
    name: "James Holloway",
    company: "Holloway & Pike Estates",
    date: "2025-05-22",
    rating: 5,
    text: "We now order all our property boards here. Twenty-five boards with rounded corners and drill holes, and the holes line up perfectly with our posts every time. The 25% quantity discount made a real difference to our marketing budget for the new branch.",
  },
  {
    id: "review-brightside-events",
    name: "Priya Desai",
    company: "Brightside Events",
    date: "2025-07-03",
    rating: 5,
    text: "Twelve flags and a six-metre stage banner for a festival, booked on a Tuesday evening just before the cut-off. We chose Express, approved the proofs the same night and it all arrived in two working days, well packed. The brand colours were spot on.",
  },
  {
    id: "review-moffat-signs",
    name: "Gary Moffat",
    company: "Moffat Signs",
    date: "2025-09-18",
    rating: 5,
    text: "As a small sign-maker I send most of my large-format work to Printwise. Orders go straight to my customers in plain packaging with no prices on the delivery note, so they only ever see my name. Trade pricing leaves me a proper margin too.",
  },
  {
    id: "review-oakfield-pta",
    name: "Helen Carter",
    company: "Oakfield Primary PTA",
    date: "2025-10-09",
    rating: 5,
    text: "None of us are designers, so we used the design service for our Christmas fair banner. The first proof came back in two days, and they were very patient with our committee's changes. It's been up on the school railings for weeks and still looks brand new.",
  },
  {
    id: "review-ironworks-gym",
    name: "Marcus Reid",
    company: "Ironworks Gym",
    date: "2026-01-12",
    rating: 5,
    text: "New year, new studio, so we ordered posters and stickers for the walls. The artwork checker warned me my file was RGB; I converted it to CMYK and the reds came out punchy rather than dull. Quick turnaround and really good value.",
  },
  {
    id: "review-riverside-food-bank",
    name: "Ruth Okafor",
    company: "Riverside Food Bank",
    date: "2026-02-26",
    rating: 5,
    text: "We needed banners and posters for our winter appeal on a charity budget. Claire on the phone helped us sort out a layout problem, and the Welcome code knocked 10% off our first order. Everything arrived on time and looked brilliant at our collection points.",
  },
  {
    id: "review-pritchard-building",
    name: "Dave Pritchard",
    company: "Pritchard Building Services",
    date: "2026-04-08",
    rating: 5,
    text: "Ordered site boards for three jobs and had them delivered straight to site. They've been cable-tied to Heras fencing through some proper rain and still look sharp. Ordering online takes five minutes and the price is clear before you pay.",
  },
  {
    id: "review-kowalskis-kitchen",
    name: "Lena Kowalski",
    company: "Kowalski's Kitchen",
    date: "2026-06-20",
    rating: 5,
    text: "I only needed one banner for my street food stall and was worried nobody would bother with a single item. No minimum order, a fair price, and the proof on screen looked exactly like the finished banner. It survives every Saturday market, wind and all.",
  },
  {
    id: "review-northlight-marketing",
    name: "Tom Ashworth",
    company: "Northlight Marketing",
    date: "2026-08-27",
    rating: 5,
    text: "We ran a retail campaign with forty posters in six different designs, all in one order. Splitting the quantities between versions in the uploader was easy, the quantity discount applied automatically, and the parcel went unbranded straight to our client's head office. Smooth from start to finish.",
  },
];
