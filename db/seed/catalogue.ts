// The seeded product catalogue for Printwise Trade Print.
// Money is integer pence. sqm products are priced per square metre, fixed products per item.
// Percentage costs are basis points (1% = 100). Facts follow the shop's FAQ: standard turnaround
// 3-4 working days, express 2 working days, 6pm cut-off, 304mm minimum on most products, 6mm drill
// holes about 2cm from the edges, 16mm rounded corners, banners up to 3.2m x 50m, artwork as
// PDF/JPG in CMYK at 150dpi at full size.
import type { AttributeCost, DisplayType, SeedAttribute, SeedCategory } from "./catalogue-types";

const fixed = (pence: number): AttributeCost => ({ unit: "fixed", pence });
const pct = (basisPoints: number): AttributeCost => ({ unit: "percentage", basisPoints });

type Option = [name: string, cost?: AttributeCost];

/** One attribute group; the option at defaultIndex (first by default) is the default. */
function group(name: string, displayType: DisplayType, options: Option[], defaultIndex = 0): SeedAttribute[] {
  return options.map(([optionName, cost], index) => ({
    group: name,
    name: optionName,
    displayType,
    ...(index === defaultIndex ? { isDefault: true } : {}),
    cost: cost ?? fixed(0),
  }));
}

const dropdown = (name: string, options: Option[], defaultIndex = 0) => group(name, "Dropdown", options, defaultIndex);
const radio = (name: string, options: Option[], defaultIndex = 0) => group(name, "Radio buttons", options, defaultIndex);

/** Standard first (default, free), then Express as a percentage of the base price. */
const turnaround = (expressBasisPoints = 2500) =>
  group("Turnaround", "Turnaround", [
    ["Standard (3-4 working days)"],
    ["Express (2 working days)", pct(expressBasisPoints)],
  ]);

const corners = (pence = 100) => radio("Corners", [["Square"], ["Rounded 16mm", fixed(pence)]]);
const drillHoles = (pence = 150) => radio("Drill holes", [["None"], ["4 x 6mm holes", fixed(pence)]]);
const sides = (doubleBasisPoints = 6000) =>
  radio("Sides", [["Single sided"], ["Double sided", pct(doubleBasisPoints)]]);
const lamination = (basisPoints = 1500) =>
  dropdown("Lamination", [["None"], ["Gloss lamination", pct(basisPoints)], ["Matt lamination", pct(basisPoints)]]);
const bannerFinishing = () =>
  dropdown("Finishing", [
    ["Hemmed & Eyeleted"],
    ["Hemmed only"],
    ["Pole pockets top & bottom", fixed(400)],
    ["Cut to size, no finishing"],
  ]);

const SHOP = "Printwise Trade Print";
const title = (...parts: string[]) => [...parts, SHOP].join(" | ");

const ARTWORK = "Artwork: PDF or JPG in CMYK, 150dpi at full size, no bleed or crop marks needed";
const LEAD_TIME = "Turnaround: 3-4 working days standard, 2 working days express (order by 6pm)";

// ---------------------------------------------------------------------------------------------
// Banners
// ---------------------------------------------------------------------------------------------

const banners: SeedCategory = {
  slug: "banners",
  name: "Banners",
  description:
    "PVC, mesh and fabric banners printed to any size up to 3.2m x 50m, plus roller banners for shows and reception areas.",
  image: "/images/categories/banners.svg",
  pageTitle: title("Printed Banners", "PVC, Mesh, Fabric & Roller Banners"),
  pageDescription:
    "Trade-priced printed banners: PVC, mesh, fabric and roller banners made to your size, hemmed and eyeleted, dispatched in 3-4 working days or 2 with express.",
  pageKeywords: "printed banners, pvc banners, mesh banners, fabric banners, roller banners, trade banners, uk banner printing",
  subcategories: [
    {
      slug: "pvc-banners",
      name: "PVC Banners",
      pageTitle: title("PVC Banners", "Printed Outdoor Banners"),
      pageDescription:
        "Weatherproof PVC banners in 440gsm, 510gsm and blockout, printed full colour to any size up to 3.2m x 50m and finished with hems and eyelets every 50cm.",
      pageKeywords: "pvc banners, vinyl banners, outdoor banners, 440gsm banner, 510gsm banner, blockout banner, eyelet banner",
      products: [
        {
          slug: "pvc-banner",
          name: "PVC Banners",
          shortDesc: "Our best-selling outdoor banner, printed on frontlit PVC to any size you need.",
          description:
            "A frontlit PVC banner is the workhorse of outdoor advertising: tough, weatherproof and quick to put up with cable ties or bungees. We print edge to edge in full colour and finish every banner with a welded hem and brass eyelets every 50cm as standard, so it arrives ready to hang.\n\nChoose 440gsm for general events, shop fronts and railings, or step up to 510gsm heavy-duty PVC for long-term outdoor use and larger sizes. Enter your width and height in millimetres: anything from 304mm up to 3.2m wide and 50m long is made as one piece with no joins up to 3.2m wide.\n\nTrade and white-label orders ship in plain packaging with no Printwise branding.",
          image: "/images/products/pvc-banner.svg",
          pricePence: 850,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 3200, maxHeightMm: 50000 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Material", [["440gsm PVC"], ["510gsm PVC", pct(2000)]]),
            ...bannerFinishing(),
            ...radio("Eyelet spacing", [["Every 50cm"], ["Every 25cm", fixed(150)]]),
            ...turnaround(),
          ],
          variants: [
            ["Material/440gsm PVC", "Finishing/Hemmed & Eyeleted", "Eyelet spacing/Every 50cm"],
            ["Material/510gsm PVC", "Finishing/Hemmed & Eyeleted", "Eyelet spacing/Every 50cm"],
            ["Material/510gsm PVC", "Finishing/Pole pockets top & bottom", "Eyelet spacing/Every 50cm"],
          ],
          specifications:
            "Material: 440gsm or 510gsm frontlit PVC\nPrint: full colour CMYK at 720dpi with UV-resistant solvent inks\nFinishing: welded hem with brass eyelets every 50cm\n\nSize: 304mm x 304mm up to 3200mm x 50000mm\nOutdoor life: 2-3 years\n" +
            ARTWORK,
          pageTitle: title("PVC Banners", "Printed Outdoor Banners"),
          pageDescription:
            "Custom PVC banners from £8.50 per m², printed in full colour on 440gsm or 510gsm PVC, hemmed with eyelets every 50cm. Any size up to 3.2m x 50m, trade prices.",
          pageKeywords: "pvc banner, printed banner, outdoor banner, vinyl banner, custom size banner, 440gsm pvc, 510gsm pvc",
        },
        {
          slug: "blockout-banner",
          name: "Double-Sided Blockout Banners",
          shortDesc: "Opaque blockout PVC that can be printed on both sides with no show-through.",
          description:
            "Blockout PVC has a grey core laminated between two white faces, so light and print from one side never show through the other. That makes it the right choice for banners hung across a street, over a walkway or from a balcony where both faces are seen.\n\nPrint one side only for a crisp, fully opaque single-sided banner, or add the second side for a matched double-sided display. Every banner is hemmed and eyeleted every 50cm unless you choose otherwise.",
          image: "/images/products/pvc-banner.svg",
          pricePence: 1350,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 3200, maxHeightMm: 50000 },
          minQty: 1,
          orientation: "both",
          attributes: [...sides(6000), ...bannerFinishing(), ...turnaround()],
          specifications:
            "Material: 550gsm blockout PVC with grey light-blocking core\nPrint: full colour CMYK, one or both sides\nFinishing: welded hem with eyelets every 50cm\nSize: up to 3200mm x 50000mm\n" +
            ARTWORK,
          pageTitle: title("Double-Sided Blockout Banners", "Printed Both Sides"),
          pageDescription:
            "Blockout PVC banners with a light-blocking core, printed on one or both sides with no show-through. Ideal for street and walkway banners, up to 3.2m x 50m.",
          pageKeywords: "blockout banner, double sided banner, two sided pvc banner, street banner, opaque banner",
        },
        {
          slug: "event-banner-3m-x-1m",
          name: "3m x 1m Event Banner",
          shortDesc: "A ready-sized 3m x 1m PVC banner for fences, stages and shop fronts at a fixed price.",
          description:
            "The most popular banner size for events, sports clubs and shop fascias, made as a fixed-price item so quoting your own customers is simple. Printed on 440gsm frontlit PVC, hemmed all round with eyelets every 50cm.\n\nAdd a pack of cable ties and it is ready to go up straight out of the box.",
          image: "/images/products/pvc-banner.svg",
          pricePence: 2900,
          priceType: "fixed",
          minQty: 1,
          orientation: "landscape",
          fixedSize: "1000x3000",
          attributes: [...radio("Cable ties", [["None"], ["Pack of 20 cable ties", fixed(250)]]), ...turnaround()],
          specifications:
            "Size: 3000mm wide x 1000mm high\nMaterial: 440gsm frontlit PVC\nFinishing: hemmed with eyelets every 50cm (22 eyelets)\n" + ARTWORK,
          pageTitle: title("3m x 1m Event Banner", "Fixed Price PVC Banner"),
          pageDescription:
            "A fixed-price 3m x 1m PVC event banner on 440gsm frontlit PVC, hemmed with eyelets every 50cm. Optional cable ties. Dispatched in 3-4 working days as standard.",
          pageKeywords: "3m x 1m banner, event banner, fence banner, fixed price banner, 10ft banner",
        },
        {
          slug: "economy-pvc-banner",
          name: "Economy PVC Banners",
          shortDesc: "A lighter 340gsm PVC banner for short-term promotions and indoor use.",
          description:
            "For sales, launches and one-off events where the banner only needs to last a few weeks, our economy 340gsm PVC keeps the cost down without cutting print quality. It is lighter to hang and folds neatly for storage.\n\nAvailable up to 1.6m x 10m. For anything longer or for permanent sites, choose our standard PVC banners instead.",
          image: "/images/products/pvc-banner.svg",
          pricePence: 750,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 1600, maxHeightMm: 10000 },
          minQty: 1,
          orientation: "both",
          attributes: [...bannerFinishing(), ...turnaround(2000)],
          specifications:
            "Material: 340gsm coated PVC\nPrint: full colour CMYK\nFinishing: hemmed with eyelets every 50cm\nSize: 304mm x 304mm up to 1600mm x 10000mm\nRecommended life: up to 6 months outdoors\n" +
            ARTWORK,
          pageTitle: title("Economy PVC Banners", "Cheap Printed Banners"),
          pageDescription:
            "Low-cost 340gsm PVC banners for short promotions and indoor events, printed full colour and hemmed with eyelets. Any size up to 1.6m x 10m at trade prices.",
          pageKeywords: "economy banner, cheap pvc banner, budget banner, 340gsm banner, temporary banner",
        },
      ],
    },
    {
      slug: "mesh-banners",
      name: "Mesh Banners",
      pageTitle: title("Mesh Banners", "Wind-Permeable Printed Banners"),
      pageDescription:
        "Printed mesh banners that let the wind through, for scaffolding, Heras fencing and exposed sites. Made to size up to 3.2m x 50m with hems and eyelets.",
      pageKeywords: "mesh banners, scaffold banners, heras fence banners, wind through banners, building wrap",
      products: [
        {
          slug: "mesh-banner",
          name: "Mesh Banners",
          shortDesc: "Perforated PVC mesh banners that let around 30% of the wind pass straight through.",
          description:
            "Mesh banners are the safe choice for windy or high sites: the open weave lets air pass through, so the banner puts far less load on fences, railings and scaffold. From a few metres away the print reads as solid colour.\n\nWe print on 270gsm PVC mesh and finish with a reinforced hem and eyelets every 50cm. Add a webbing edge for large sizes that will be tensioned hard. Mesh is single sided; from the back the print shows faintly through the holes.",
          image: "/images/products/mesh-banner.svg",
          pricePence: 1150,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 3200, maxHeightMm: 50000 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Finishing", [["Hemmed & Eyeleted"], ["Webbing edge with eyelets", pct(1000)], ["Cut to size, no finishing"]]),
            ...radio("Eyelet spacing", [["Every 50cm"], ["Every 25cm", fixed(150)]]),
            ...turnaround(),
          ],
          variants: [
            ["Finishing/Hemmed & Eyeleted", "Eyelet spacing/Every 50cm"],
            ["Finishing/Webbing edge with eyelets", "Eyelet spacing/Every 25cm"],
          ],
          specifications:
            "Material: 270gsm PVC mesh, about 30% open area\nPrint: full colour CMYK, single sided\nFinishing: reinforced hem with eyelets every 50cm\nSize: up to 3200mm x 50000mm\n" +
            ARTWORK,
          pageTitle: title("Mesh Banners", "Printed Wind-Through Banners"),
          pageDescription:
            "Printed PVC mesh banners that let the wind through, ideal for fences, railings and exposed sites. Any size up to 3.2m x 50m, hemmed with eyelets every 50cm.",
          pageKeywords: "mesh banner, wind through banner, perforated banner, outdoor mesh banner, fence banner",
        },
        {
          slug: "scaffold-mesh-banner",
          name: "Scaffold Mesh Banners",
          shortDesc: "Large-format mesh wraps for scaffolding and building sites, printed in one piece.",
          description:
            "Turn scaffolding into advertising space for the developer, contractor or agent. Scaffold banners are printed on heavy 340gsm mesh in widths up to 3.2m and lengths up to 50m, then finished with webbing and eyelets so they can be tied tight to the tube.\n\nFor wraps taller than 3.2m we print in drops that overlap neatly; tell us the scaffold elevation and we will advise the best split.",
          image: "/images/products/mesh-banner.svg",
          pricePence: 1050,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 3200, maxHeightMm: 50000 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Finishing", [["Webbing edge with eyelets"], ["Hemmed & Eyeleted"]]),
            ...radio("Cable ties", [["None"], ["Pack of 100 cable ties", fixed(900)]]),
            ...turnaround(3000),
          ],
          specifications:
            "Material: 340gsm heavy-duty PVC mesh\nFinishing: 50mm webbing edge with eyelets every 50cm\nSize: up to 3200mm x 50000mm per drop\n" + ARTWORK + "\n" + LEAD_TIME,
          pageTitle: title("Scaffold Mesh Banners", "Building Wraps"),
          pageDescription:
            "Heavy-duty scaffold mesh banners and building wraps, printed full colour up to 3.2m x 50m per drop with webbing edges and eyelets. Trade prices for contractors.",
          pageKeywords: "scaffold banner, scaffolding mesh, building wrap, construction banner, site banner",
        },
        {
          slug: "heras-fence-banner",
          name: "Heras Fence Banners",
          shortDesc: "Mesh banners cut to fit a standard 3.5m Heras fence panel.",
          description:
            "Sized to cover a standard temporary fence panel edge to edge, these mesh banners brand a construction site, festival perimeter or race route without catching the wind. Each banner is hemmed with eyelets every 50cm to line up with the fence mesh.",
          image: null,
          pricePence: 4900,
          priceType: "fixed",
          minQty: 1,
          orientation: "landscape",
          fixedSize: "1800x3400",
          attributes: [
            ...sides(5000),
            ...radio("Cable ties", [["None"], ["Pack of 20 cable ties", fixed(250)]]),
            ...turnaround(),
          ],
          specifications:
            "Size: 3400mm wide x 1800mm high\nMaterial: 270gsm PVC mesh\nFinishing: hemmed with eyelets every 50cm\n" + ARTWORK,
          pageTitle: title("Heras Fence Banners", "Printed Fence Mesh"),
          pageDescription:
            "Printed mesh banners sized 3.4m x 1.8m to fit standard Heras fence panels. Hemmed with eyelets every 50cm for construction sites, events and race routes.",
          pageKeywords: "heras fence banner, fence mesh banner, construction hoarding banner, site fence banner",
        },
      ],
    },
    {
      slug: "fabric-banners",
      name: "Fabric Banners",
      pageTitle: title("Fabric Banners", "Dye-Sublimation Printed Fabric"),
      pageDescription:
        "Crease-resistant fabric banners, backdrops and display walls, dye-sublimation printed for rich colour with no glare. Washable, light and easy to post.",
      pageKeywords: "fabric banners, polyester banners, dye sublimation, fabric backdrop, display wall, seg fabric",
      products: [
        {
          slug: "fabric-banner",
          name: "Fabric Banners",
          shortDesc: "Dye-sublimated polyester banners with a soft matt finish and no glare under lights.",
          description:
            "Fabric banners look premium indoors: the dye-sublimation process bonds ink into the fibres, so colours are deep, there is no reflection under spotlights and the banner can be folded, packed and washed without cracking.\n\nChoose standard knitted polyester for most jobs, blockout fabric when the banner will be lit from behind, or a certified flame-retardant voile for venues that ask for it. Finish with hems, pole pockets or a silicone edge for SEG frames.",
          image: "/images/products/fabric-banner.svg",
          pricePence: 1800,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 3000, maxHeightMm: 20000 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Material", [["210gsm knitted polyester"], ["260gsm blockout fabric", pct(2500)], ["Flame-retardant voile", pct(1500)]]),
            ...dropdown("Finishing", [["Hemmed edges"], ["Pole pockets top & bottom", fixed(300)], ["Silicone edge (SEG)", pct(2000)]]),
            ...turnaround(),
          ],
          variants: [
            ["Material/210gsm knitted polyester", "Finishing/Hemmed edges"],
            ["Material/210gsm knitted polyester", "Finishing/Silicone edge (SEG)"],
            ["Material/260gsm blockout fabric", "Finishing/Pole pockets top & bottom"],
          ],
          specifications:
            "Material: 210gsm knitted polyester (blockout and FR voile available)\nPrint: dye-sublimation, full colour\nFinishing: hemmed edges, pole pockets or silicone edge\n\nSize: up to 3000mm x 20000mm\nCare: machine washable at 30°C\n" +
            ARTWORK,
          pageTitle: title("Fabric Banners", "Printed Polyester Banners"),
          pageDescription:
            "Dye-sublimation fabric banners on knitted polyester, blockout or FR voile. Glare-free, washable and crease-resistant, made to size up to 3m x 20m for trade.",
          pageKeywords: "fabric banner, polyester banner, dye sublimation banner, seg fabric, flame retardant banner",
        },
        {
          slug: "fabric-backdrop",
          name: "Fabric Backdrops",
          shortDesc: "Seamless fabric backdrops for stages, press walls and photo areas.",
          description:
            "A seamless printed backdrop for conferences, award nights, press calls and photo booths. The stretch fabric hangs flat and photographs without hot spots from camera flash, unlike gloss PVC.\n\nBackdrops are hemmed all round with optional hook-and-loop strip along the top for quick fitting to a truss or frame.",
          image: "/images/products/fabric-banner.svg",
          pricePence: 2200,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 3000, maxHeightMm: 8000 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Finishing", [["Hemmed edges"], ["Hook-and-loop strip along top", pct(1000)], ["Pole pockets top & bottom", fixed(300)]]),
            ...turnaround(),
          ],
          specifications:
            "Material: 240gsm stretch polyester, non-reflective\nPrint: dye-sublimation, full colour\nSize: up to 3000mm x 8000mm seamless\n" + ARTWORK,
          pageTitle: title("Fabric Backdrops", "Printed Stage & Photo Backdrops"),
          pageDescription:
            "Seamless printed fabric backdrops for stages, press walls and photo areas. Non-reflective stretch polyester up to 3m x 8m, hemmed with optional top strip.",
          pageKeywords: "fabric backdrop, printed backdrop, press wall, media wall, photo backdrop, stage backdrop",
        },
        {
          slug: "fabric-display-wall",
          name: "Straight Fabric Display Wall 3m",
          shortDesc: "A 3m tension fabric display wall with a lightweight frame and printed cover.",
          description:
            "A pop-together aluminium tube frame with a printed stretch-fabric pillowcase cover that zips over it. One person can build it in under ten minutes with no tools, and it packs into a single carry bag.\n\nPrint on one side for a backdrop against a wall, or both sides for a freestanding divider. Replacement covers can be ordered later for the same frame.",
          image: "/images/products/fabric-banner.svg",
          pricePence: 18900,
          priceType: "fixed",
          minQty: 1,
          orientation: "landscape",
          fixedSize: "2250x3000",
          attributes: [
            ...sides(4000),
            ...radio("Carry case", [["Soft carry bag"], ["Wheeled hard case", fixed(4500)]]),
            ...turnaround(),
          ],
          specifications:
            "Size: 3000mm wide x 2250mm high\nFrame: 30mm aluminium tube, push-fit\nGraphic: stretch polyester pillowcase cover, zip fastened\n" + ARTWORK,
          pageTitle: title("3m Fabric Display Wall", "Tension Fabric Stand"),
          pageDescription:
            "A 3m straight tension fabric display wall with aluminium frame and printed zip-on cover. Tool-free build, single or double sided, with carry bag included.",
          pageKeywords: "fabric display wall, tension fabric stand, exhibition backdrop, pop up display, 3m display",
        },
      ],
    },
    {
      slug: "roller-banners",
      name: "Roller Banners",
      pageTitle: title("Roller Banners", "Pull-Up Banner Stands"),
      pageDescription:
        "Roller banners and pull-up stands from economy to premium, 850mm and 1200mm wide, double-sided and desktop, plus replacement graphics for existing stands.",
      pageKeywords: "roller banners, pull up banners, roll up banners, banner stands, exhibition stands, desktop roller banner",
      products: [
        {
          slug: "economy-roller-banner",
          name: "Economy Roller Banner",
          shortDesc: "A light 850mm x 2000mm pull-up banner with carry bag, ideal for occasional use.",
          description:
            "Our entry-level roller banner sets up in seconds and packs into a padded bag. The graphic is printed on anti-curl PVC so it hangs flat, and the base has a twist-out foot for stability.\n\nGood value for one-off events, receptions and giveaway stands you will supply to your own customers.",
          image: "/images/products/roller-banner.svg",
          pricePence: 4500,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "850x2000",
          attributes: [
            ...dropdown("Graphic material", [["Anti-curl PVC"], ["Greyback polyester film", pct(1000)]]),
            ...turnaround(),
          ],
          specifications:
            "Visible graphic: 850mm x 2000mm\nStand: silver economy base with twist-out foot\nIncludes: 3-part bungee pole and carry bag\n" + ARTWORK,
          pageTitle: title("Economy Roller Banner", "Cheap Pull-Up Banner"),
          pageDescription:
            "Economy 850mm x 2000mm roller banner with anti-curl PVC graphic, stand, pole and carry bag. Great value pull-up banners for events, dispatched in 3-4 days.",
          pageKeywords: "economy roller banner, cheap pull up banner, roll up banner, 850 roller banner",
        },
        {
          slug: "premium-roller-banner",
          name: "Premium Roller Banner",
          shortDesc: "A heavier, wider-based roller banner with laminated graphic for daily use.",
          description:
            "Built for exhibitors and showrooms that put a stand up every week. The wide aluminium base has two adjustable feet and chrome end caps, the spring is rated for thousands of cycles and the graphic is laminated to resist scuffs.\n\nChoose matt lamination for venues with bright lighting, or gloss for extra colour punch. A padded bag with shoulder strap comes as standard.",
          image: "/images/products/roller-banner.svg",
          pricePence: 7500,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "850x2000",
          attributes: [
            ...dropdown("Lamination", [["Matt lamination"], ["Gloss lamination"]]),
            ...radio("Carry bag", [["Standard padded bag"], ["Hard-shell carry case", fixed(1200)]]),
            ...turnaround(),
          ],
          variants: [
            ["Lamination/Matt lamination", "Carry bag/Standard padded bag"],
            ["Lamination/Gloss lamination", "Carry bag/Hard-shell carry case"],
          ],
          specifications:
            "Visible graphic: 850mm x 2000mm\nGraphic: 220mic greyback polyester film, laminated\nStand: wide aluminium base, two adjustable feet\n\nIncludes: padded carry bag\n" + ARTWORK,
          pageTitle: title("Premium Roller Banner", "Heavy-Duty Pull-Up Stand"),
          pageDescription:
            "Premium 850mm x 2000mm roller banner with wide aluminium base and laminated greyback graphic. Built for frequent exhibition use, with padded carry bag.",
          pageKeywords: "premium roller banner, exhibition pull up banner, heavy duty roller banner, laminated roller banner",
        },
        {
          slug: "wide-roller-banner",
          name: "Wide Roller Banner 1200mm",
          shortDesc: "An extra-wide 1200mm x 2000mm pull-up banner for bigger impact on a stand.",
          description:
            "At 1200mm wide this stand gives about 40% more graphic area than a standard roller banner, enough for a strong headline and a product image side by side. Same quick set-up, with a sturdy base and carry bag.",
          image: "/images/products/roller-banner.svg",
          pricePence: 8900,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "1200x2000",
          attributes: [...dropdown("Lamination", [["Matt lamination"], ["Gloss lamination"]]), ...turnaround()],
          specifications: "Visible graphic: 1200mm x 2000mm\nGraphic: laminated greyback polyester film\nIncludes: padded carry bag\n" + ARTWORK,
          pageTitle: title("Wide Roller Banner 1200mm", "Pull-Up Banner"),
          pageDescription:
            "Extra-wide 1200mm x 2000mm roller banner with laminated greyback graphic and sturdy aluminium base. More space for your message, with carry bag included.",
          pageKeywords: "wide roller banner, 1200mm roller banner, large pull up banner, wide roll up banner",
        },
        {
          slug: "double-sided-roller-banner",
          name: "Double-Sided Roller Banner",
          shortDesc: "Two graphics in one base, for stands seen from both directions.",
          description:
            "A roller banner with a cassette either side of the base, so it can stand in the middle of a foyer, aisle or shop floor and show a message to people coming from both directions. The two graphics can be the same or different at no extra cost.",
          image: "/images/products/roller-banner.svg",
          pricePence: 9900,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "850x2000",
          attributes: [...dropdown("Graphic material", [["Greyback polyester film"], ["Anti-curl PVC"]]), ...turnaround()],
          specifications: "Visible graphic: 850mm x 2000mm each side\nStand: double cassette aluminium base\nIncludes: two poles and carry bag\n" + ARTWORK,
          pageTitle: title("Double-Sided Roller Banner", "Two-Sided Pull-Up"),
          pageDescription:
            "Double-sided 850mm x 2000mm roller banner with a graphic on each side of one base. Ideal for foyers, aisles and shop floors. Two different designs at no extra cost.",
          pageKeywords: "double sided roller banner, two sided pull up banner, back to back roller banner",
        },
        {
          slug: "desktop-roller-banner",
          name: "Desktop Roller Banner A3",
          shortDesc: "A mini A3 pull-up banner for counters, reception desks and trade tables.",
          description:
            "All the presence of a full roller banner, scaled down to sit on a counter or trade table. The A3 graphic pulls up from a compact base and is held by a small rear support.",
          image: "/images/products/roller-banner.svg",
          pricePence: 2900,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "297x420",
          attributes: [...turnaround()],
          specifications: "Visible graphic: 297mm x 420mm (A3)\nGraphic: anti-curl PVC\nStand: compact silver base with rear support\n" + ARTWORK,
          pageTitle: title("Desktop Roller Banner A3", "Mini Pull-Up Banner"),
          pageDescription:
            "A3 desktop roller banner for counters, reception desks and trade tables. Compact silver base with anti-curl graphic, dispatched in 3-4 working days as standard.",
          pageKeywords: "desktop roller banner, mini pull up banner, a3 roller banner, counter display",
        },
        {
          slug: "replacement-roller-banner-graphic",
          name: "Replacement Roller Banner Graphic",
          shortDesc: "A new 850mm x 2000mm print to refresh a roller banner stand you already own.",
          description:
            "Update your message without buying a new stand. We print a replacement graphic with adhesive top rail strip ready to fit into most standard 850mm cassette bases.\n\nIf you are unsure whether your base is compatible, send us the make and model and we will check before printing.",
          image: "/images/products/roller-banner.svg",
          pricePence: 2600,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "850x2000",
          attributes: [
            ...dropdown("Graphic material", [["Anti-curl PVC"], ["Greyback polyester film", pct(1000)]]),
            ...radio("Fitting", [["Print only"], ["Fitted to your base (send in)", fixed(1000)]]),
            ...turnaround(),
          ],
          specifications: "Visible graphic: 850mm x 2000mm\nIncludes: adhesive top rail strip\nFits: most standard 850mm roller banner bases\n" + ARTWORK,
          pageTitle: title("Replacement Roller Banner Graphic", "Reprints"),
          pageDescription:
            "Replacement 850mm x 2000mm roller banner graphics printed on anti-curl PVC or greyback film, with top rail strip to fit most standard roller banner bases.",
          pageKeywords: "replacement roller banner graphic, roller banner reprint, pull up banner print only",
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Posters
// ---------------------------------------------------------------------------------------------

const posterPaper = () =>
  dropdown("Paper", [["170gsm silk"], ["200gsm gloss", pct(500)], ["250gsm silk", pct(1500)]]);

const posters: SeedCategory = {
  slug: "posters",
  name: "Posters",
  description:
    "Paper posters in every A size, weatherproof and billboard posters for outdoor sites, and canvas and photo prints for interiors.",
  image: "/images/categories/posters.svg",
  pageTitle: title("Poster Printing", "A0 to A4, Outdoor & Canvas"),
  pageDescription:
    "Trade poster printing from A4 to A0 and custom sizes, plus blueback billboard, waterproof synthetic, backlit, canvas and photo prints at trade prices.",
  pageKeywords: "poster printing, a1 posters, a0 posters, a3 posters, blueback posters, canvas prints, trade posters",
  subcategories: [
    {
      slug: "paper-posters",
      name: "Paper Posters",
      pageTitle: title("Paper Posters", "A4, A3, A2, A1 & A0 Poster Printing"),
      pageDescription:
        "Full colour paper posters on silk or gloss stock in A4, A3, A2, A1, A0 and custom sizes, with optional lamination. Trade prices and no set-up charges.",
      pageKeywords: "paper posters, a4 posters, a3 posters, a2 posters, a1 posters, a0 posters, silk posters, gloss posters",
      products: [
        {
          slug: "a4-posters",
          name: "A4 Posters",
          shortDesc: "Short-run A4 posters for notice boards, shop windows and point of sale, sold from 25.",
          description:
            "A4 posters printed digitally on silk or gloss stock, trimmed square and packed flat. Ideal for notice boards, menus, opening hours and shop window offers.\n\nSold from 25 copies of the same design; the quantity discount applies automatically as you order more.",
          image: "/images/products/poster.svg",
          pricePence: 85,
          priceType: "fixed",
          minQty: 25,
          orientation: "both",
          fixedSize: "210x297",
          attributes: [...posterPaper(), ...turnaround()],
          specifications: "Size: 210mm x 297mm (A4)\nPrint: full colour digital, single sided\nPaper: 170gsm silk as standard\n" + ARTWORK,
          pageTitle: title("A4 Posters", "Short-Run A4 Poster Printing"),
          pageDescription:
            "Short-run A4 posters printed in full colour on 170gsm silk, 200gsm gloss or 250gsm silk. Sold from 25 copies, with automatic quantity discounts for trade.",
          pageKeywords: "a4 posters, a4 poster printing, short run posters, notice board posters, window posters",
        },
        {
          slug: "a3-posters",
          name: "A3 Posters",
          shortDesc: "A3 posters for counters, windows and events, sold from 10 copies.",
          description:
            "A popular size for windows, counters and event listings. Printed on silk or gloss paper with crisp text and strong solid colours, trimmed and packed flat so they arrive without creases.",
          image: "/images/products/poster.svg",
          pricePence: 160,
          priceType: "fixed",
          minQty: 10,
          orientation: "both",
          fixedSize: "297x420",
          attributes: [...posterPaper(), ...turnaround()],
          specifications: "Size: 297mm x 420mm (A3)\nPrint: full colour digital\nPaper: 170gsm silk as standard\n" + ARTWORK,
          pageTitle: title("A3 Posters", "A3 Poster Printing"),
          pageDescription:
            "A3 posters printed full colour on silk or gloss paper, sold from 10 copies. Trimmed and packed flat for windows, counters and events, at trade prices.",
          pageKeywords: "a3 posters, a3 poster printing, event posters, window posters, counter posters",
        },
        {
          slug: "a2-posters",
          name: "A2 Posters",
          shortDesc: "Bold A2 posters printed large-format on silk or gloss paper.",
          description:
            "A2 is large enough to be read across a room yet still fits a standard snap frame. Printed large-format with deep blacks, on paper weights to suit indoor display.",
          image: "/images/products/poster.svg",
          pricePence: 450,
          priceType: "fixed",
          minQty: 1,
          orientation: "both",
          fixedSize: "420x594",
          attributes: [...posterPaper(), ...lamination(), ...turnaround()],
          specifications: "Size: 420mm x 594mm (A2)\nPrint: large-format inkjet, full colour\nPaper: 170gsm silk as standard\n" + ARTWORK,
          pageTitle: title("A2 Posters", "A2 Poster Printing"),
          pageDescription:
            "A2 posters printed large-format on silk or gloss paper with optional gloss or matt lamination. Fits standard A2 snap frames. Trade prices from a single copy.",
          pageKeywords: "a2 posters, a2 poster printing, large posters, snap frame posters, laminated posters",
        },
        {
          slug: "a1-posters",
          name: "A1 Posters",
          shortDesc: "A1 posters for shop displays, exhibitions and snap frames.",
          description:
            "The standard size for retail display and exhibition boards. Our A1 posters are printed on a 6-colour large-format press for smooth skin tones and gradients, then trimmed to exact size.\n\nAdd lamination if the poster will be handled, or displayed in a humid place such as a gym or swimming pool foyer.",
          image: "/images/products/poster.svg",
          pricePence: 750,
          priceType: "fixed",
          minQty: 1,
          orientation: "both",
          fixedSize: "594x841",
          attributes: [...posterPaper(), ...lamination(), ...turnaround()],
          specifications: "Size: 594mm x 841mm (A1)\nPrint: 6-colour large-format inkjet\nPaper: 170gsm silk as standard\n\nFinishing: trimmed to size, optional lamination\n" + ARTWORK,
          pageTitle: title("A1 Posters", "A1 Poster Printing"),
          pageDescription:
            "A1 posters printed on a 6-colour large-format press on silk or gloss paper, with optional lamination. Perfect for snap frames, shops and exhibitions.",
          pageKeywords: "a1 posters, a1 poster printing, large format posters, exhibition posters, retail posters",
        },
        {
          slug: "a0-posters",
          name: "A0 Posters",
          shortDesc: "Our largest standard poster at 841mm x 1189mm.",
          description:
            "A0 posters make a statement in a foyer, showroom or conference hall, and are a common size for academic and technical posters. Rolled in a sturdy tube for delivery.",
          image: "/images/products/poster.svg",
          pricePence: 1250,
          priceType: "fixed",
          minQty: 1,
          orientation: "both",
          fixedSize: "841x1189",
          attributes: [...posterPaper(), ...lamination(), ...turnaround()],
          specifications: "Size: 841mm x 1189mm (A0)\nPrint: large-format inkjet, full colour\nDelivery: rolled in a postal tube\n" + ARTWORK,
          pageTitle: title("A0 Posters", "A0 Poster Printing"),
          pageDescription:
            "A0 posters at 841mm x 1189mm printed on silk or gloss paper, with optional lamination. Ideal for foyers, showrooms and conferences. Delivered rolled in a tube.",
          pageKeywords: "a0 posters, a0 poster printing, large posters, conference posters, academic posters",
        },
        {
          slug: "custom-size-posters",
          name: "Custom Size Posters",
          shortDesc: "Posters printed to any size you enter, from 304mm up to 1.52m wide.",
          description:
            "When a standard A size will not fit the frame, lightbox or wall, enter your exact width and height and we will print and trim to the millimetre. Priced by the square metre, so odd sizes cost no more than they should.",
          image: "/images/products/poster.svg",
          pricePence: 1400,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 1520, maxHeightMm: 3000 },
          minQty: 1,
          orientation: "both",
          attributes: [...posterPaper(), ...lamination(), ...turnaround()],
          variants: [
            ["Paper/170gsm silk", "Lamination/None"],
            ["Paper/250gsm silk", "Lamination/Matt lamination"],
          ],
          specifications: "Size: 304mm x 304mm up to 1520mm x 3000mm\nPrint: large-format inkjet, full colour\nPaper: 170gsm silk as standard\n" + ARTWORK,
          pageTitle: title("Custom Size Posters", "Bespoke Poster Printing"),
          pageDescription:
            "Custom size posters printed and trimmed to the millimetre, from 304mm up to 1.52m x 3m, on silk or gloss paper with optional lamination. Priced per m².",
          pageKeywords: "custom size posters, bespoke posters, large format poster, any size poster printing",
        },
      ],
    },
    {
      slug: "outdoor-posters",
      name: "Outdoor Posters",
      pageTitle: title("Outdoor Posters", "Billboard, Waterproof & Backlit"),
      pageDescription:
        "Posters made for outdoor sites: blueback billboard paper, tear-proof waterproof synthetic posters and 6-sheet backlit prints for bus shelters and lightboxes.",
      pageKeywords: "outdoor posters, billboard posters, blueback posters, waterproof posters, backlit posters, 6 sheet posters",
      products: [
        {
          slug: "blueback-posters",
          name: "Blueback Billboard Posters",
          shortDesc: "Blueback paper posters for billboards and pasted poster sites.",
          description:
            "Blueback paper has a blue-grey reverse that stops old posters showing through when pasted over, which is why it is the standard for billboards and fly-posting sites. It takes wallpaper paste well and stays flat in damp weather.\n\nPrinted to your size up to 1.52m wide; larger billboard sheets are printed in panels.",
          image: "/images/products/outdoor-poster.svg",
          pricePence: 650,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 1520, maxHeightMm: 6000 },
          minQty: 1,
          orientation: "both",
          attributes: [...turnaround()],
          specifications: "Material: 120gsm blueback poster paper\nPrint: UV-resistant inks, full colour\nSize: up to 1520mm x 6000mm per panel\n" + ARTWORK,
          pageTitle: title("Blueback Billboard Posters", "Paste-Up Posters"),
          pageDescription:
            "Blueback billboard posters printed with UV-resistant inks on 120gsm blueback paper that blocks show-through. Any size up to 1.52m x 6m per panel for paste-up sites.",
          pageKeywords: "blueback posters, billboard posters, paste up posters, fly posters, 48 sheet posters",
        },
        {
          slug: "waterproof-synthetic-posters",
          name: "Waterproof Synthetic Posters",
          shortDesc: "Tear-resistant polypropylene posters that shrug off rain.",
          description:
            "Printed on a synthetic polypropylene film that will not tear, crease or go soggy, these posters are made for building sites, outdoor notice boards, farms and marinas. They can be cable-tied or stapled without a frame.\n\nAdd eyelets in each corner for quick fixing.",
          image: "/images/products/poster.svg",
          pricePence: 2400,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 1520, maxHeightMm: 3000 },
          minQty: 1,
          orientation: "both",
          attributes: [...radio("Corner eyelets", [["None"], ["4 corner eyelets", fixed(120)]]), ...turnaround()],
          specifications: "Material: 220mic polypropylene synthetic paper\nPrint: full colour, water resistant\nSize: up to 1520mm x 3000mm\n" + ARTWORK,
          pageTitle: title("Waterproof Synthetic Posters", "Tear-Proof Posters"),
          pageDescription:
            "Waterproof, tear-resistant synthetic posters on polypropylene film for building sites, notice boards and outdoor events, with optional corner eyelets.",
          pageKeywords: "waterproof posters, synthetic paper posters, tear proof posters, outdoor posters, polypropylene posters",
        },
        {
          slug: "six-sheet-backlit-poster",
          name: "6-Sheet Backlit Poster",
          shortDesc: "A 1200mm x 1800mm poster for bus shelters, lightboxes and 6-sheet frames.",
          description:
            "The standard 6-sheet format used in bus shelters, shopping centres and roadside lightboxes. Backlit film is printed with extra ink density so colours stay rich when lit from behind; citylight paper suits unlit or lightly lit frames.",
          image: "/images/products/outdoor-poster.svg",
          pricePence: 3200,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "1200x1800",
          attributes: [
            ...dropdown("Material", [["Backlit polyester film"], ["150gsm citylight paper"]]),
            ...turnaround(),
          ],
          specifications: "Size: 1200mm x 1800mm (6-sheet)\nMaterial: 200mic backlit film or 150gsm citylight paper\nPrint: high-density for backlit display\n" + ARTWORK,
          pageTitle: title("6-Sheet Backlit Poster", "Lightbox Posters"),
          pageDescription:
            "6-sheet posters at 1200mm x 1800mm on backlit film or citylight paper for bus shelters, malls and lightboxes. High-density print for rich colour when lit.",
          pageKeywords: "6 sheet poster, backlit poster, bus shelter poster, lightbox poster, citylight poster",
        },
      ],
    },
    {
      slug: "canvas-photo-prints",
      name: "Canvas & Photo Prints",
      pageTitle: title("Canvas & Photo Prints", "Wall Art for Business"),
      pageDescription:
        "Stretched and rolled canvas prints and satin photo prints for offices, hotels, restaurants and resellers. Made to size from 304mm with archival inks.",
      pageKeywords: "canvas prints, stretched canvas, rolled canvas, photo prints, wall art, trade canvas printing",
      products: [
        {
          slug: "stretched-canvas",
          name: "Stretched Canvas Prints",
          shortDesc: "Gallery-quality canvas prints hand-stretched over a pine frame.",
          description:
            "Printed on a bright white poly-cotton canvas with archival pigment inks, then hand-stretched over a kiln-dried pine frame with the image wrapped round the edges. Each canvas comes with fixings and corner protectors, ready to hang.\n\nChoose an 18mm frame for a slim look, or the 38mm gallery depth for larger pieces. Many resellers send these white-label direct to their own customers.",
          image: "/images/products/canvas-print.svg",
          pricePence: 5500,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 1500, maxHeightMm: 2500 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...radio("Frame depth", [["18mm"], ["38mm gallery", pct(1500)]]),
            ...dropdown("Edge", [["Image wrap"], ["Mirrored edge"], ["White edge"], ["Black edge"]]),
          ],
          specifications: "Material: 380gsm poly-cotton canvas, satin finish\nFrame: kiln-dried pine, 18mm or 38mm deep\nInks: archival pigment\n\nIncludes: hanging fixings and corner protectors\n" + ARTWORK,
          pageTitle: title("Stretched Canvas Prints", "Trade Canvas Printing"),
          pageDescription:
            "Stretched canvas prints on poly-cotton canvas with archival inks, hand-stretched over 18mm or 38mm pine frames. Made to size, ready to hang, white-label friendly.",
          pageKeywords: "stretched canvas, canvas prints, canvas printing, gallery canvas, wall art, trade canvas",
        },
        {
          slug: "rolled-canvas",
          name: "Rolled Canvas Prints",
          shortDesc: "Unframed canvas prints, delivered rolled for your framer to stretch.",
          description:
            "The same archival canvas print as our stretched range, supplied rolled with a 50mm white border all round so your framer or installer has enough to stretch and staple. A cost-effective option for large pieces and overseas shipping.",
          image: "/images/products/canvas-print.svg",
          pricePence: 3200,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 1520, maxHeightMm: 5000 },
          minQty: 1,
          orientation: "both",
          attributes: [...radio("Border", [["50mm white border"], ["Trimmed to image"]]), ...turnaround()],
          specifications: "Material: 380gsm poly-cotton canvas\nBorder: 50mm white border for stretching\nDelivery: rolled in a tube\n" + ARTWORK,
          pageTitle: title("Rolled Canvas Prints", "Unframed Canvas"),
          pageDescription:
            "Rolled canvas prints on archival poly-cotton canvas with a 50mm border for stretching. Large sizes up to 1.52m x 5m, delivered rolled in a tube for framers.",
          pageKeywords: "rolled canvas, unframed canvas print, canvas for framers, large canvas print",
        },
        {
          slug: "satin-photo-prints",
          name: "Satin Photo Prints",
          shortDesc: "Photo-quality prints on satin paper, loose or mounted on board.",
          description:
            "A 260gsm satin photo paper with a subtle sheen that keeps detail and skin tones true under gallery or office lighting. Order loose prints for framing, or have them mounted on 3mm foamex for an instant wall display.",
          image: "/images/products/poster.svg",
          pricePence: 2600,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 1520, maxHeightMm: 5000 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Mounting", [["Unmounted"], ["Mounted on 3mm foamex", pct(6000)]]),
            ...lamination(),
            ...turnaround(),
          ],
          specifications: "Paper: 260gsm satin photo paper\nPrint: 8-colour pigment inkjet\nMounting: optional 3mm foamex\n" + ARTWORK,
          pageTitle: title("Satin Photo Prints", "Large Format Photo Printing"),
          pageDescription:
            "Large-format satin photo prints on 260gsm paper with 8-colour pigment inks, supplied loose or mounted on 3mm foamex. Made to size for galleries and offices.",
          pageKeywords: "photo prints, satin photo print, large photo print, mounted photo, photographic printing",
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Boards
// ---------------------------------------------------------------------------------------------

const boards: SeedCategory = {
  slug: "boards",
  name: "Boards",
  description:
    "Rigid printed signs on foamex, correx, dibond and acrylic, plus A-boards and pavement signs. Cut to size with optional rounded corners and drill holes.",
  image: "/images/categories/boards.svg",
  pageTitle: title("Printed Boards & Signs", "Foamex, Correx & Dibond"),
  pageDescription:
    "Printed rigid signs at trade prices: foamex, correx, dibond and acrylic boards cut to size, plus A-boards, swing signs and desk signs, drilled or rounded.",
  pageKeywords: "printed boards, rigid signs, foamex boards, correx boards, dibond signs, acrylic signs, a-boards, pavement signs",
  subcategories: [
    {
      slug: "foamex-boards",
      name: "Foamex Boards",
      pageTitle: title("Foamex Boards", "Printed PVC Foam Signs"),
      pageDescription:
        "Printed foamex signs in 3mm, 5mm and 10mm PVC foam board, cut to any size or in A sizes, with optional lamination, rounded corners and 6mm drill holes.",
      pageKeywords: "foamex boards, foamex signs, pvc foam board, printed foam board, 3mm foamex, 5mm foamex, 10mm foamex",
      products: [
        {
          slug: "foamex-board",
          name: "Foamex Boards",
          shortDesc: "Lightweight printed PVC foam boards cut to the size you need.",
          description:
            "Foamex (rigid PVC foam board) is the go-to material for indoor signage, exhibition panels, point of sale and short-term outdoor signs. It is light, smooth and easy to fix with screws, cable ties or double-sided pads.\n\nWe print direct to the board with UV-cured inks and cut to your exact size. Choose 3mm for wall and display panels, 5mm for larger signs that must stay flat, or 10mm for freestanding and stand-off mounted work.",
          image: "/images/products/foamex-board.svg",
          pricePence: 2400,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 3050, maxHeightMm: 1525 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Thickness", [["3mm"], ["5mm", pct(2000)], ["10mm", pct(6000)]]),
            ...lamination(),
            ...corners(),
            ...drillHoles(),
            ...turnaround(),
          ],
          variants: [
            ["Thickness/3mm", "Lamination/None", "Corners/Square", "Drill holes/None"],
            ["Thickness/5mm", "Lamination/Matt lamination", "Corners/Rounded 16mm", "Drill holes/4 x 6mm holes"],
            ["Thickness/10mm", "Lamination/Gloss lamination", "Corners/Square", "Drill holes/4 x 6mm holes"],
          ],
          specifications:
            "Material: white PVC foam board, 3mm, 5mm or 10mm\nPrint: direct UV-cured, full colour\nSize: 304mm x 304mm up to 3050mm x 1525mm\nCorners: square, or rounded to 16mm radius\nDrill holes: 6mm, about 2cm from the edges\n" +
            ARTWORK,
          pageTitle: title("Foamex Boards", "Printed Foamex Signs"),
          pageDescription:
            "Printed foamex boards in 3mm, 5mm or 10mm PVC foam, UV printed and cut to size up to 3050mm x 1525mm. Optional lamination, 16mm rounded corners and drill holes.",
          pageKeywords: "foamex board, foamex sign, printed pvc foam, foam board printing, 5mm foamex",
        },
        {
          slug: "foamex-a1-sign",
          name: "A1 Foamex Sign",
          shortDesc: "A ready-sized A1 sign on 5mm foamex for walls, displays and events.",
          description:
            "An A1 board printed on 5mm foamex: rigid enough to stand on an easel, light enough to hang with sticky pads. A quick fixed-price option for exhibition panels, directional signs and display boards.",
          image: "/images/products/foamex-board.svg",
          pricePence: 1650,
          priceType: "fixed",
          minQty: 1,
          orientation: "both",
          fixedSize: "594x841",
          attributes: [...corners(), ...drillHoles(), ...turnaround()],
          specifications: "Size: 594mm x 841mm (A1)\nMaterial: 5mm white foamex\nPrint: direct UV-cured, full colour\n" + ARTWORK,
          pageTitle: title("A1 Foamex Sign", "Printed A1 Board"),
          pageDescription:
            "A1 foamex signs printed on 5mm PVC foam board for exhibitions, easels and walls, with optional 16mm rounded corners and 6mm drill holes, at a fixed trade price.",
          pageKeywords: "a1 foamex sign, a1 board, printed a1 sign, exhibition board, easel sign",
        },
        {
          slug: "foamex-a3-sign",
          name: "A3 Foamex Sign",
          shortDesc: "A small A3 foamex sign for doors, walls and counters.",
          description:
            "Compact A3 signs on 3mm foamex for door and wall notices, menus, room signs and counter displays. Add rounded corners for a finished look or drill holes for screw fixing.",
          image: "/images/products/foamex-board.svg",
          pricePence: 590,
          priceType: "fixed",
          minQty: 1,
          orientation: "both",
          fixedSize: "297x420",
          attributes: [...corners(), ...drillHoles(), ...turnaround()],
          specifications: "Size: 297mm x 420mm (A3)\nMaterial: 3mm white foamex\nPrint: direct UV-cured, full colour\n" + ARTWORK,
          pageTitle: title("A3 Foamex Sign", "Printed A3 Board"),
          pageDescription:
            "A3 foamex signs on 3mm PVC foam board for doors, walls, menus and counters. Full colour UV print with optional rounded corners and 6mm drill holes.",
          pageKeywords: "a3 foamex sign, a3 board sign, door sign, wall sign, small foamex sign",
        },
      ],
    },
    {
      slug: "correx-boards",
      name: "Correx Boards",
      pageTitle: title("Correx Boards", "Printed Correx Signs"),
      pageDescription:
        "Printed correx signs in fluted polypropylene: waterproof, light and low cost. Made to size up to 2440mm x 1220mm, plus estate agent and A2 correx boards.",
      pageKeywords: "correx boards, correx signs, fluted polypropylene, corriboard, estate agent boards, site signs",
      products: [
        {
          slug: "correx-board",
          name: "Correx Boards",
          shortDesc: "Waterproof fluted plastic signs, the low-cost choice for outdoor temporary signage.",
          description:
            "Correx is fluted polypropylene board: waterproof, very light and cheap enough for short campaigns. It is used everywhere from building sites and car parks to election and event signage.\n\nWe print one or both sides and cut to your size up to a full 8ft x 4ft sheet. Add drill holes to cable-tie to railings, or rounded corners to stop them snagging.",
          image: "/images/products/correx-board.svg",
          pricePence: 1800,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 2440, maxHeightMm: 1220 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Thickness", [["4mm"], ["5mm", pct(1000)]]),
            ...sides(6000),
            ...corners(),
            ...drillHoles(),
            ...turnaround(),
          ],
          variants: [
            ["Thickness/4mm", "Sides/Single sided", "Drill holes/None"],
            ["Thickness/4mm", "Sides/Double sided", "Drill holes/4 x 6mm holes"],
            ["Thickness/5mm", "Sides/Double sided", "Corners/Rounded 16mm"],
          ],
          specifications:
            "Material: 4mm or 5mm white fluted polypropylene\nPrint: direct UV-cured, one or both sides\nSize: 304mm x 304mm up to 2440mm x 1220mm\n\nDrill holes: 6mm, about 2cm from the edges\nCorners: square or 16mm rounded\n" +
            ARTWORK,
          pageTitle: title("Correx Boards", "Printed Correx Signs"),
          pageDescription:
            "Printed correx boards in 4mm or 5mm fluted polypropylene, single or double sided, cut to size up to 2440mm x 1220mm with optional drill holes and rounded corners.",
          pageKeywords: "correx board, correx sign, printed correx, corrugated plastic sign, site sign",
        },
        {
          slug: "correx-estate-agent-board",
          name: "Correx Estate Agent Boards",
          shortDesc: "Estate agent boards on 5mm correx, sold in packs from 5.",
          description:
            "Sale and let boards printed on 5mm correx to suit standard estate agent posts and brackets. Supplied in multiples of your design with holes pre-drilled for fixing.\n\nOrder a batch with your branding and add the Sold or Let By slips separately.",
          image: "/images/products/correx-board.svg",
          pricePence: 650,
          priceType: "fixed",
          minQty: 5,
          orientation: "portrait",
          fixedSize: "457x610",
          attributes: [...sides(5000), ...drillHoles(0), ...turnaround()],
          specifications: "Size: 457mm x 610mm (18in x 24in)\nMaterial: 5mm white correx\nDrill holes: 6mm, about 2cm from the edges\n" + ARTWORK,
          pageTitle: title("Correx Estate Agent Boards", "For Sale & To Let Signs"),
          pageDescription:
            "Correx estate agent boards, 457mm x 610mm on 5mm fluted polypropylene, single or double sided with 6mm fixing holes. Sold from 5 boards at trade prices.",
          pageKeywords: "estate agent boards, for sale boards, to let boards, correx estate agent sign, property signs",
        },
        {
          slug: "correx-a2-sign",
          name: "A2 Correx Sign",
          shortDesc: "A fixed-price A2 correx sign for events, car parks and sites.",
          description:
            "A handy A2 sign on 4mm correx for directions, parking notices and event wayfinding. Light enough to cable-tie to railings and tough enough for a wet weekend outdoors.",
          image: "/images/products/correx-board.svg",
          pricePence: 590,
          priceType: "fixed",
          minQty: 1,
          orientation: "both",
          fixedSize: "420x594",
          attributes: [...sides(6000), ...drillHoles(), ...turnaround()],
          specifications: "Size: 420mm x 594mm (A2)\nMaterial: 4mm white correx\nPrint: direct UV-cured\n" + ARTWORK,
          pageTitle: title("A2 Correx Sign", "Printed Event Signs"),
          pageDescription:
            "A2 correx signs on 4mm fluted polypropylene for events, car parks and sites. Single or double sided, with optional 6mm drill holes, at a fixed trade price.",
          pageKeywords: "a2 correx sign, event sign, parking sign, directional sign, correx a2",
        },
      ],
    },
    {
      slug: "dibond-acrylic",
      name: "Dibond & Acrylic",
      pageTitle: title("Dibond & Acrylic Signs", "Premium Rigid Signage"),
      pageDescription:
        "Long-life dibond aluminium composite signs, site hoarding panels and printed acrylic signs for offices, shop fronts and building sites. Trade prices.",
      pageKeywords: "dibond signs, aluminium composite, acm panels, hoarding panels, acrylic signs, perspex signs",
      products: [
        {
          slug: "dibond-board",
          name: "Dibond Boards",
          shortDesc: "3mm aluminium composite signs for permanent indoor and outdoor use.",
          description:
            "Dibond is two thin aluminium skins bonded to a solid core. It will not rot, warp or rust, so it is the standard material for permanent outdoor signs, fascias and property boards that must last for years.\n\nWe print direct with UV-cured inks and can add an anti-graffiti or matt laminate. Choose white gloss, or brushed silver where unprinted areas show the metal finish.",
          image: "/images/products/dibond-board.svg",
          pricePence: 4800,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 3050, maxHeightMm: 1525 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Finish", [["White gloss"], ["Brushed silver", pct(2000)]]),
            ...dropdown("Lamination", [["None"], ["Matt lamination", pct(1500)], ["Anti-graffiti lamination", pct(2500)]]),
            ...corners(150),
            ...drillHoles(),
            ...turnaround(),
          ],
          variants: [
            ["Finish/White gloss", "Lamination/None", "Drill holes/4 x 6mm holes"],
            ["Finish/Brushed silver", "Lamination/Matt lamination", "Corners/Rounded 16mm"],
          ],
          specifications:
            "Material: 3mm aluminium composite panel (dibond)\nFinish: white gloss or brushed silver\nPrint: direct UV-cured, full colour\nSize: 304mm x 304mm up to 3050mm x 1525mm\nOutdoor life: 5+ years\n" +
            ARTWORK,
          pageTitle: title("Dibond Boards", "Aluminium Composite Signs"),
          pageDescription:
            "Printed dibond signs on 3mm aluminium composite in white gloss or brushed silver, with optional lamination, rounded corners and drill holes. Built to last outdoors.",
          pageKeywords: "dibond sign, aluminium composite sign, acm sign, outdoor sign, brushed aluminium sign",
        },
        {
          slug: "site-hoarding-panel",
          name: "Site Hoarding Panel 8ft x 4ft",
          shortDesc: "A full 2440mm x 1220mm printed hoarding panel for construction sites.",
          description:
            "A full-sheet hoarding panel printed edge to edge for developers, housebuilders and contractors. Panels are designed to run side by side along timber or Heras hoarding to form one continuous graphic; send artwork for each panel as a separate design.\n\nAdd anti-graffiti lamination on busy streets so paint and marker wipe off.",
          image: "/images/products/dibond-board.svg",
          pricePence: 11900,
          priceType: "fixed",
          minQty: 1,
          orientation: "landscape",
          fixedSize: "1220x2440",
          attributes: [
            ...dropdown("Lamination", [["None"], ["Anti-graffiti lamination", pct(2500)]]),
            ...radio("Drill holes", [["None"], ["6 x 6mm holes", fixed(250)]]),
          ],
          specifications: "Size: 2440mm wide x 1220mm high (8ft x 4ft)\nMaterial: 3mm white dibond\nPrint: direct UV-cured, full colour\n" + ARTWORK + "\n" + LEAD_TIME,
          pageTitle: title("Site Hoarding Panels", "8ft x 4ft Printed Dibond"),
          pageDescription:
            "Printed 8ft x 4ft site hoarding panels on 3mm dibond for construction sites and developments, with optional anti-graffiti lamination and 6mm drill holes.",
          pageKeywords: "hoarding panels, site hoarding, construction hoarding, 8x4 sign, dibond hoarding",
        },
        {
          slug: "acrylic-sign",
          name: "Printed Acrylic Signs",
          shortDesc: "Clear acrylic signs reverse-printed for a glossy, glass-like finish.",
          description:
            "Reverse-printed clear acrylic gives a deep, glass-like look that suits reception walls, office signage and premium retail. The print sits behind the acrylic, protected from scratches.\n\nAdd brushed steel stand-off fixings to float the sign off the wall.",
          image: "/images/products/acrylic-sign.svg",
          pricePence: 9500,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 2440, maxHeightMm: 1220 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Thickness", [["5mm"], ["10mm", pct(5000)]]),
            ...radio("Fixings", [["None"], ["4 stand-off fixings", fixed(2400)]]),
            ...turnaround(3000),
          ],
          specifications: "Material: 5mm or 10mm clear cast acrylic\nPrint: reverse printed with white backing layer\nSize: up to 2440mm x 1220mm\n" + ARTWORK,
          pageTitle: title("Printed Acrylic Signs", "Perspex Office Signs"),
          pageDescription:
            "Reverse-printed clear acrylic signs in 5mm or 10mm for receptions, offices and shops, with optional stand-off fixings. Made to size up to 2440mm x 1220mm.",
          pageKeywords: "acrylic sign, perspex sign, reception sign, office sign, stand off sign",
        },
      ],
    },
    {
      slug: "pavement-desk-signs",
      name: "Pavement & Desk Signs",
      pageTitle: title("A-Boards & Pavement Signs", "Desk Signs"),
      pageDescription:
        "Printed A-boards, swinging pavement signs, replacement A1 inserts and acrylic desk signs for shops, cafés and offices. Frames and prints at trade prices.",
      pageKeywords: "a-boards, pavement signs, sandwich boards, swing signs, a-board inserts, desk signs",
      products: [
        {
          slug: "a-board",
          name: "A-Board Pavement Sign",
          shortDesc: "A steel A-board with two printed A1 panels, ready to stand outside.",
          description:
            "The classic shop and café pavement sign: a powder-coated steel frame that folds flat, with two printed A1 panels that slide in from the top. Panels are printed on 3mm dibond so they survive knocks and rain.\n\nPrint the same design on both faces or a different message on each, at the same price.",
          image: "/images/products/a-board.svg",
          pricePence: 7900,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "594x841",
          attributes: [
            ...dropdown("Frame colour", [["Black"], ["White"], ["Silver", fixed(1000)]]),
            ...radio("Panels", [["Same design both sides"], ["Different design each side"]]),
            ...turnaround(),
          ],
          variants: [
            ["Frame colour/Black", "Panels/Same design both sides"],
            ["Frame colour/Silver", "Panels/Different design each side"],
          ],
          specifications: "Visible print: 594mm x 841mm (A1) each side\nFrame: powder-coated steel, folds flat\nPanels: 3mm printed dibond, slide-in\n" + ARTWORK,
          pageTitle: title("A-Board Pavement Sign", "Printed A1 A-Boards"),
          pageDescription:
            "A-board pavement signs with steel frame and two printed A1 dibond panels. Folds flat, black, white or silver frame, same or different design on each side.",
          pageKeywords: "a-board, pavement sign, sandwich board, a1 a-board, shop sign, cafe sign",
        },
        {
          slug: "swinging-pavement-sign",
          name: "Swinging Pavement Sign",
          shortDesc: "A water-filled base with a swinging sign that moves with the wind.",
          description:
            "Where an A-board would blow over, a swinging sign stays put: the base fills with water for weight and the printed panel pivots on springs so gusts swing past it. Ideal for forecourts, garden centres and exposed shop fronts.",
          image: "/images/products/a-board.svg",
          pricePence: 11500,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "508x762",
          attributes: [...radio("Panels", [["Same design both sides"], ["Different design each side"]]), ...turnaround()],
          specifications: "Visible print: 508mm x 762mm each side\nBase: water-fill plastic base with wheels\nPanels: printed 3mm dibond\n" + ARTWORK,
          pageTitle: title("Swinging Pavement Sign", "Wind-Resistant Swing Sign"),
          pageDescription:
            "Swinging pavement signs with a water-filled base and printed dibond panels that pivot in the wind. Ideal for forecourts and exposed shop fronts. Trade prices.",
          pageKeywords: "swinging sign, swing sign, water base sign, forecourt sign, wind resistant pavement sign",
        },
        {
          slug: "a-board-inserts",
          name: "A-Board Replacement Inserts",
          shortDesc: "Printed A1 panels to refresh an A-board you already own, sold in pairs.",
          description:
            "Change the message on an existing A-board without replacing the frame. Panels are printed on 3mm dibond or 5mm foamex and cut to a standard A1 slide-in size, supplied as a pair for both faces.\n\nCheck the inside of your frame before ordering: most take 594mm x 841mm panels.",
          image: "/images/products/a-board.svg",
          pricePence: 1850,
          priceType: "fixed",
          minQty: 2,
          orientation: "portrait",
          fixedSize: "594x841",
          attributes: [...dropdown("Material", [["3mm dibond"], ["5mm foamex"]]), ...lamination(), ...turnaround()],
          specifications: "Size: 594mm x 841mm (A1)\nMaterial: 3mm dibond or 5mm foamex\nSold: in pairs\n" + ARTWORK,
          pageTitle: title("A-Board Replacement Inserts", "A1 Panels"),
          pageDescription:
            "Replacement A1 inserts for A-boards on 3mm dibond or 5mm foamex, with optional lamination. Sold in pairs to refresh the frame you already have, at trade prices.",
          pageKeywords: "a-board inserts, a-board panels, replacement a1 sign, a-board reprint, pavement sign panels",
        },
        {
          slug: "acrylic-desk-sign",
          name: "Acrylic Desk Sign",
          shortDesc: "A freestanding landscape desk sign for receptions and counters.",
          description:
            "A DL-sized printed panel held in a clear acrylic block stand, for reception desks, hotel counters and meeting rooms. The panel slides out so it can be reprinted later.",
          image: "/images/products/acrylic-sign.svg",
          pricePence: 1450,
          priceType: "fixed",
          minQty: 1,
          orientation: "landscape",
          fixedSize: "99x210",
          attributes: [...radio("Stand", [["Clear acrylic block"], ["Frosted acrylic block", fixed(300)]]), ...turnaround()],
          specifications: "Size: 210mm wide x 99mm high (DL)\nStand: 15mm clear acrylic block\nPanel: printed 3mm foamex, slide-out\n" + ARTWORK,
          pageTitle: title("Acrylic Desk Sign", "Reception & Counter Signs"),
          pageDescription:
            "Landscape DL acrylic desk signs with a printed slide-out panel in a clear or frosted acrylic block. Ideal for receptions, hotel counters and meeting rooms.",
          pageKeywords: "desk sign, acrylic desk sign, reception sign, counter sign, table sign",
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Flags
// ---------------------------------------------------------------------------------------------

const flagBase = () =>
  dropdown("Base", [
    ["Ground spike"],
    ["Cross base with water bag", fixed(1200)],
    ["Square steel plate", fixed(2200)],
    ["Car wheel base", fixed(1800)],
    ["Flag only, no pole or base"],
  ]);

const FLAG_SPEC = "Material: 115gsm knitted polyester\nPrint: dye-sublimation; single sided shows a mirror image on the reverse\n";

const flags: SeedCategory = {
  slug: "flags",
  name: "Flags",
  description:
    "Feather and teardrop flags with poles and bases, desk and hand-waving flags, pole flags and bunting, all dye-sublimation printed.",
  image: "/images/categories/flags.svg",
  pageTitle: title("Printed Flags", "Feather, Teardrop & Pole Flags"),
  pageDescription:
    "Custom printed flags at trade prices: feather and teardrop flags with bases, desk and hand-waving flags, car flags, pole flags and bunting in full colour.",
  pageKeywords: "printed flags, feather flags, teardrop flags, desk flags, hand waving flags, pole flags, bunting, custom flags",
  subcategories: [
    {
      slug: "feather-flags",
      name: "Feather Flags",
      pageTitle: title("Feather Flags", "Printed Sail Flags"),
      pageDescription:
        "Printed feather flags in small, medium and large, supplied with fibreglass pole and your choice of spike, cross, plate or car wheel base. Reprints too.",
      pageKeywords: "feather flags, sail flags, printed feather flag, outdoor flags, forecourt flags, event flags",
      products: [
        {
          slug: "feather-flag-small",
          name: "Feather Flag Small (2.2m)",
          shortDesc: "A 2.2m feather flag with pole and base, ideal for shop doors and stands.",
          description:
            "Our smallest feather flag suits shop doorways, exhibition stands and indoor events. The curved top keeps the print readable in light wind, and the flexible pole bends back rather than breaking.\n\nEach flag comes complete with a carry bag and your chosen base.",
          image: "/images/products/feather-flag.svg",
          pricePence: 4500,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "600x2200",
          attributes: [...flagBase(), ...sides(6000), ...turnaround()],
          specifications: "Overall height: about 2.2m with pole\nPrint area: 600mm x 1750mm approx.\n" + FLAG_SPEC + "Includes: fibreglass pole, base and carry bag\n" + ARTWORK,
          pageTitle: title("Small Feather Flag 2.2m", "Printed Sail Flag"),
          pageDescription:
            "Small 2.2m printed feather flags with flexible fibreglass pole, carry bag and a choice of bases. Single or double sided, dispatched in 3-4 working days.",
          pageKeywords: "small feather flag, 2m feather flag, sail flag, doorway flag, indoor feather flag",
        },
        {
          slug: "feather-flag-medium",
          name: "Feather Flag Medium (2.8m)",
          shortDesc: "Our most popular feather flag at 2.8m tall, with pole and base.",
          description:
            "At 2.8m tall the medium feather flag is seen over parked cars and crowds, making it the favourite for forecourts, sports events and open days. Dye-sublimated polyester keeps colours bright for a full season outdoors.\n\nPick a ground spike for grass, a cross base with water bag for hard standing, or a car wheel base for dealerships.",
          image: "/images/products/feather-flag.svg",
          pricePence: 5900,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "700x2800",
          attributes: [...flagBase(), ...sides(6000), ...turnaround()],
          variants: [
            ["Base/Ground spike", "Sides/Single sided"],
            ["Base/Cross base with water bag", "Sides/Single sided"],
            ["Base/Car wheel base", "Sides/Double sided"],
          ],
          specifications: "Overall height: about 2.8m with pole\nPrint area: 700mm x 2300mm approx.\n" + FLAG_SPEC + "\nIncludes: fibreglass pole, base and carry bag\n" + ARTWORK,
          pageTitle: title("Medium Feather Flag 2.8m", "Printed Sail Flag"),
          pageDescription:
            "Medium 2.8m printed feather flags with pole, carry bag and spike, cross, plate or car wheel base. Bright dye-sublimation print for forecourts and events.",
          pageKeywords: "feather flag, medium feather flag, 3m feather flag, forecourt flag, event flag",
        },
        {
          slug: "feather-flag-large",
          name: "Feather Flag Large (3.4m)",
          shortDesc: "A 3.4m feather flag for maximum height at roadsides and large events.",
          description:
            "Our tallest feather flag for roadside forecourts, festivals and sports grounds where you need to be seen from a distance. Use the steel plate or cross base with water bag on hard ground; spikes suit firm grass.",
          image: "/images/products/feather-flag.svg",
          pricePence: 7900,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "850x3400",
          attributes: [...flagBase(), ...sides(6000), ...turnaround()],
          specifications: "Overall height: about 3.4m with pole\nPrint area: 850mm x 2900mm approx.\n" + FLAG_SPEC + "Includes: fibreglass pole, base and carry bag\n" + ARTWORK,
          pageTitle: title("Large Feather Flag 3.4m", "Printed Sail Flag"),
          pageDescription:
            "Large 3.4m printed feather flags for roadsides, festivals and sports grounds, supplied with pole, carry bag and your choice of base. Single or double sided.",
          pageKeywords: "large feather flag, 4m feather flag, tall sail flag, roadside flag, festival flag",
        },
        {
          slug: "feather-flag-replacement-print",
          name: "Replacement Feather Flag Print",
          shortDesc: "A new printed sleeve for a 2.8m feather flag pole you already own.",
          description:
            "Keep the hardware and refresh the message. We print a replacement flag sleeve to fit standard medium feather flag poles; check your pole height before ordering as shapes vary between makers.",
          image: "/images/products/feather-flag.svg",
          pricePence: 2900,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "700x2800",
          attributes: [...sides(6000), ...turnaround()],
          specifications: "Fits: standard 2.8m feather flag poles\n" + FLAG_SPEC + ARTWORK,
          pageTitle: title("Replacement Feather Flag Print", "Flag Only"),
          pageDescription:
            "Replacement feather flag prints to fit standard 2.8m poles. Dye-sublimation printed on knitted polyester, single or double sided, at trade prices.",
          pageKeywords: "replacement feather flag, feather flag print only, flag sleeve, flag reprint",
        },
      ],
    },
    {
      slug: "teardrop-flags",
      name: "Teardrop Flags",
      pageTitle: title("Teardrop Flags", "Printed Teardrop Banners"),
      pageDescription:
        "Printed teardrop flags from 2.0m to 3.5m with pole and base. The rounded shape stays taut in the wind so your logo is always readable. Trade prices.",
      pageKeywords: "teardrop flags, teardrop banners, tear drop flag, printed flags, outdoor flags",
      products: [
        {
          slug: "teardrop-flag-small",
          name: "Teardrop Flag Small (2.0m)",
          shortDesc: "A compact 2m teardrop flag for entrances, stands and indoor events.",
          description:
            "The teardrop shape is held taut by its curved pole, so the whole print stays visible even when there is no wind. The small size is right for reception areas, shop entrances and exhibition stands.",
          image: "/images/products/teardrop-flag.svg",
          pricePence: 4500,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "800x2000",
          attributes: [...flagBase(), ...sides(6000), ...turnaround()],
          specifications: "Overall height: about 2.0m with pole\n" + FLAG_SPEC + "Includes: pole, base and carry bag\n" + ARTWORK,
          pageTitle: title("Small Teardrop Flag 2m", "Printed Teardrop Banner"),
          pageDescription:
            "Small 2m printed teardrop flags with pole, carry bag and your choice of base. Taut shape keeps the print readable indoors and out, single or double sided.",
          pageKeywords: "small teardrop flag, 2m teardrop flag, teardrop banner, entrance flag",
        },
        {
          slug: "teardrop-flag-medium",
          name: "Teardrop Flag Medium (2.8m)",
          shortDesc: "A 2.8m teardrop flag for forecourts, events and sports grounds.",
          description:
            "The all-round size for outdoor promotion. Spin-free on a ground spike or water-bag cross base, and fully printed edge to edge with your artwork.",
          image: "/images/products/teardrop-flag.svg",
          pricePence: 5900,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "950x2800",
          attributes: [...flagBase(), ...sides(6000), ...turnaround()],
          specifications: "Overall height: about 2.8m with pole\n" + FLAG_SPEC + "Includes: pole, base and carry bag\n" + ARTWORK,
          pageTitle: title("Medium Teardrop Flag 2.8m", "Printed Teardrop Banner"),
          pageDescription:
            "Medium 2.8m printed teardrop flags for forecourts, events and sports grounds, with pole, carry bag and spike, cross, plate or car wheel base. Trade prices.",
          pageKeywords: "teardrop flag, medium teardrop flag, 3m teardrop flag, event teardrop banner",
        },
        {
          slug: "teardrop-flag-large",
          name: "Teardrop Flag Large (3.5m)",
          shortDesc: "A 3.5m teardrop flag that stands out across car parks and fields.",
          description:
            "Our largest teardrop for car parks, showgrounds and stadium approaches. On hard ground use the steel plate base for stability in strong wind.",
          image: "/images/products/teardrop-flag.svg",
          pricePence: 7900,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "1100x3500",
          attributes: [...flagBase(), ...sides(6000), ...turnaround()],
          specifications: "Overall height: about 3.5m with pole\n" + FLAG_SPEC + "Includes: pole, base and carry bag\n" + ARTWORK,
          pageTitle: title("Large Teardrop Flag 3.5m", "Printed Teardrop Banner"),
          pageDescription:
            "Large 3.5m printed teardrop flags for car parks, showgrounds and stadiums, with pole, carry bag and a choice of base. Dye-sublimation print, single or double sided.",
          pageKeywords: "large teardrop flag, 4m teardrop flag, tall teardrop banner, showground flag",
        },
      ],
    },
    {
      slug: "desk-hand-flags",
      name: "Desk & Hand Flags",
      pageTitle: title("Desk, Hand & Car Flags", "Small Printed Flags"),
      pageDescription:
        "Small printed flags for desks, parades and cars: desk flags with chrome or wooden stands, hand-waving flags on sticks and car window flags sold in pairs.",
      pageKeywords: "desk flags, table flags, hand waving flags, hand flags, car flags, small printed flags",
      products: [
        {
          slug: "desk-flags",
          name: "Printed Desk Flags",
          shortDesc: "Small satin desk flags with stand, sold from 10.",
          description:
            "Desk flags bring a touch of ceremony to boardrooms, receptions, conferences and international meetings. Printed on satin polyester, hemmed and sewn onto a chrome pole with a weighted base.\n\nSold from 10 flags; mix countries or club colours by ordering several versions.",
          image: "/images/products/desk-flag.svg",
          pricePence: 350,
          priceType: "fixed",
          minQty: 10,
          orientation: "landscape",
          fixedSize: "150x230",
          attributes: [...dropdown("Stand", [["Chrome pole and base"], ["Wooden pole and base", fixed(100)]]), ...sides(4000), ...turnaround()],
          specifications: "Flag size: 230mm wide x 150mm high\nMaterial: satin polyester\nStand: 40cm chrome or wooden pole with weighted base\n" + ARTWORK,
          pageTitle: title("Printed Desk Flags", "Table Flags with Stands"),
          pageDescription:
            "Printed desk flags on satin polyester with chrome or wooden stands, for boardrooms, receptions and conferences. Sold from 10 flags at trade prices.",
          pageKeywords: "desk flags, table flags, boardroom flags, printed desk flag, conference flags",
        },
        {
          slug: "hand-waving-flags",
          name: "Hand-Waving Flags",
          shortDesc: "Light hand-held flags on sticks for parades, races and supporters, sold from 25.",
          description:
            "Cheer on runners, welcome visitors or give away at sports events. Printed on light knitted polyester and fixed to a plastic or wooden stick. Sold from 25 flags, with quantity discounts from 5 up.",
          image: "/images/products/desk-flag.svg",
          pricePence: 190,
          priceType: "fixed",
          minQty: 25,
          orientation: "landscape",
          fixedSize: "300x450",
          attributes: [...dropdown("Stick", [["Plastic stick"], ["Wooden stick", fixed(20)]]), ...turnaround()],
          specifications: "Flag size: 450mm wide x 300mm high\nMaterial: 110gsm knitted polyester\nStick: 60cm plastic or wooden\n" + ARTWORK,
          pageTitle: title("Hand-Waving Flags", "Printed Hand Flags"),
          pageDescription:
            "Printed hand-waving flags on plastic or wooden sticks for parades, races, sports and promotions. Knitted polyester, 450mm x 300mm, sold from 25 flags.",
          pageKeywords: "hand waving flags, hand flags, parade flags, supporter flags, flags on sticks",
        },
        {
          slug: "car-flags",
          name: "Car Window Flags",
          shortDesc: "Clip-on car window flags, sold in pairs for both sides of the vehicle.",
          description:
            "Car flags clip onto the top of a side window and stay put at normal road speeds. Popular with dealerships, driving schools, wedding cars and supporters. Sold as a pair, one for each side.",
          image: "/images/products/desk-flag.svg",
          pricePence: 850,
          priceType: "fixed",
          minQty: 2,
          orientation: "landscape",
          fixedSize: "300x450",
          attributes: [...sides(5000), ...turnaround()],
          specifications: "Flag size: 450mm wide x 300mm high\nMaterial: 110gsm knitted polyester\nPole: 43cm plastic with window clip\n" + ARTWORK,
          pageTitle: title("Car Window Flags", "Printed Car Flags in Pairs"),
          pageDescription:
            "Printed car window flags with clip-on poles, sold in pairs for both sides. Ideal for dealerships, driving schools, weddings and supporters. Trade prices.",
          pageKeywords: "car flags, car window flags, printed car flag, dealership flags, supporter car flags",
        },
      ],
    },
    {
      slug: "pole-flags-bunting",
      name: "Pole Flags & Bunting",
      pageTitle: title("Pole Flags & Bunting", "Custom Printed Flags"),
      pageDescription:
        "Custom printed pole flags in 5ft x 3ft and any size you need, finished with rope and toggle, eyelets or a sleeve, plus printed bunting for events.",
      pageKeywords: "pole flags, flagpole flags, 5x3 flag, custom flags, printed bunting, event bunting",
      products: [
        {
          slug: "pole-flag-5x3",
          name: "Pole Flag 5ft x 3ft",
          shortDesc: "The standard 5ft x 3ft flag for flagpoles, finished with rope and toggle.",
          description:
            "A 5ft x 3ft flag for standard flagpoles at offices, hotels, clubs and schools. Printed on knitted polyester with a reinforced header tape and rope and toggle, or eyelets for a halyard with clips.\n\nA flag flown every day will fray at the fly end over time; ordering a spare is good practice.",
          image: "/images/products/pole-flag.svg",
          pricePence: 2900,
          priceType: "fixed",
          minQty: 1,
          orientation: "landscape",
          fixedSize: "914x1524",
          attributes: [
            ...dropdown("Finishing", [["Rope and toggle"], ["Two brass eyelets"], ["Sleeve for pole", fixed(300)]]),
            ...sides(6000),
            ...turnaround(),
          ],
          specifications: "Size: 1524mm wide x 914mm high (5ft x 3ft)\nMaterial: 115gsm knitted polyester\nFinishing: header tape with rope and toggle\n" + ARTWORK,
          pageTitle: title("Pole Flag 5ft x 3ft", "Printed Flagpole Flags"),
          pageDescription:
            "Printed 5ft x 3ft flagpole flags on knitted polyester with header tape and rope and toggle, eyelets or a sleeve. For offices, hotels, clubs and schools.",
          pageKeywords: "5x3 flag, pole flag, flagpole flag, printed flag, custom flag, company flag",
        },
        {
          slug: "custom-size-flag",
          name: "Custom Size Flags",
          shortDesc: "Printed flags made to any size from 304mm up to 3m x 6m.",
          description:
            "For flagpoles, walls, balconies and stages that need a non-standard size. Enter your width and height and we will print on knitted polyester and finish the edges to suit how it will be hung.",
          image: "/images/products/pole-flag.svg",
          pricePence: 2400,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 3000, maxHeightMm: 6000 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Finishing", [["Rope and toggle"], ["Brass eyelets"], ["Sleeve for pole", fixed(300)], ["Hemmed edges only"]]),
            ...turnaround(),
          ],
          specifications: "Material: 115gsm knitted polyester\nPrint: dye-sublimation, full colour\nSize: 304mm x 304mm up to 3000mm x 6000mm\n" + ARTWORK,
          pageTitle: title("Custom Size Flags", "Bespoke Printed Flags"),
          pageDescription:
            "Custom size printed flags on knitted polyester, from 304mm up to 3m x 6m, finished with rope and toggle, eyelets, pole sleeve or plain hems. Trade prices.",
          pageKeywords: "custom size flag, bespoke flag, large printed flag, wall flag, balcony flag",
        },
        {
          slug: "printed-bunting",
          name: "Printed Bunting (10m)",
          shortDesc: "A 10m string of full colour printed pennants for events and shop fronts.",
          description:
            "Bunting printed with your own design on every pennant, sewn onto a 10m white tape with tie-off loops at each end. Use it for openings, fêtes, sports days and seasonal window displays.\n\nEach string carries 20 pennants of 200mm x 300mm. Every pennant can be the same, or send alternating designs as versions.",
          image: null,
          pricePence: 3900,
          priceType: "fixed",
          minQty: 1,
          orientation: "portrait",
          fixedSize: "200x300",
          attributes: [...radio("Pennant shape", [["Triangle"], ["Rectangle"], ["Swallowtail", fixed(300)]]), ...turnaround()],
          specifications: "Pennant size: 200mm x 300mm\nString: 10m white tape, 20 pennants\nMaterial: 115gsm knitted polyester\n" + ARTWORK,
          pageTitle: title("Printed Bunting", "Custom Event Bunting"),
          pageDescription:
            "Custom printed bunting: 20 full colour polyester pennants on a 10m tape, in triangle, rectangle or swallowtail shapes. For openings, fetes and shop fronts.",
          pageKeywords: "printed bunting, custom bunting, event bunting, branded bunting, flag bunting",
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Stickers
// ---------------------------------------------------------------------------------------------

const stickers: SeedCategory = {
  slug: "stickers",
  name: "Stickers",
  description:
    "Printed vinyl stickers and labels, window graphics, floor stickers and wall graphics, cut to any size or shape.",
  image: "/images/categories/stickers.svg",
  pageTitle: title("Printed Stickers", "Vinyl, Window & Floor Graphics"),
  pageDescription:
    "Trade printed stickers: vinyl stickers, sticker sheets, window vinyl, one way vision, frosted film, floor graphics and wall graphics cut to any size or shape.",
  pageKeywords: "printed stickers, vinyl stickers, window stickers, floor stickers, wall graphics, one way vision, trade stickers",
  subcategories: [
    {
      slug: "vinyl-stickers",
      name: "Vinyl Stickers",
      pageTitle: title("Vinyl Stickers", "Custom Printed Stickers"),
      pageDescription:
        "Custom vinyl stickers in white, clear and vehicle-grade cast vinyl, square or contour cut from 50mm, plus kiss-cut A4 sticker sheets. Trade prices.",
      pageKeywords: "vinyl stickers, custom stickers, contour cut stickers, clear stickers, sticker sheets, vehicle graphics",
      products: [
        {
          slug: "printed-vinyl-stickers",
          name: "Printed Vinyl Stickers",
          shortDesc: "Durable self-adhesive vinyl stickers, square or contour cut to your shape.",
          description:
            "Full colour stickers printed on white self-adhesive vinyl with eco-solvent inks for outdoor durability. Use them for products, equipment, doors, vans and windows.\n\nPriced by the square metre: enter the overall size of your sticker run, from 50mm up to 1.37m wide. Choose contour cut to follow the outline of your design, and laminate for scuff and UV protection.",
          image: "/images/products/vinyl-sticker.svg",
          pricePence: 1800,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 50, minHeightMm: 50, maxWidthMm: 1370, maxHeightMm: 25000 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Vinyl", [["Monomeric white gloss"], ["Polymeric white gloss", pct(2000)], ["Cast vinyl (vehicle grade)", pct(5000)]]),
            ...lamination(),
            ...radio("Cutting", [["Square cut"], ["Contour cut", pct(3000)]]),
            ...turnaround(),
          ],
          variants: [
            ["Vinyl/Monomeric white gloss", "Lamination/None", "Cutting/Square cut"],
            ["Vinyl/Polymeric white gloss", "Lamination/Gloss lamination", "Cutting/Contour cut"],
            ["Vinyl/Cast vinyl (vehicle grade)", "Lamination/Matt lamination", "Cutting/Contour cut"],
          ],
          specifications:
            "Material: white self-adhesive vinyl with permanent adhesive\nPrint: eco-solvent, full colour\nSize: 50mm x 50mm up to 1370mm x 25000mm\n\nCutting: square or contour cut\nOutdoor life: 3-5 years depending on vinyl\n" +
            ARTWORK,
          pageTitle: title("Printed Vinyl Stickers", "Custom Sticker Printing"),
          pageDescription:
            "Custom printed vinyl stickers in monomeric, polymeric or cast vinyl, square or contour cut, with optional lamination. Any size from 50mm, priced per m².",
          pageKeywords: "vinyl stickers, custom stickers, printed stickers, contour cut stickers, outdoor stickers",
        },
        {
          slug: "clear-vinyl-stickers",
          name: "Clear Vinyl Stickers",
          shortDesc: "Stickers on clear vinyl with an optional white underprint.",
          description:
            "Printed on transparent vinyl so the surface shows through unprinted areas, for a no-label look on glass, bottles, packaging and light-coloured surfaces. Add a white underprint behind the colour to keep it bright on dark or clear backgrounds.",
          image: "/images/products/vinyl-sticker.svg",
          pricePence: 2200,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 50, minHeightMm: 50, maxWidthMm: 1370, maxHeightMm: 10000 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...radio("White underprint", [["No white underprint"], ["White underprint", pct(3500)]]),
            ...radio("Cutting", [["Square cut"], ["Contour cut", pct(3000)]]),
            ...turnaround(),
          ],
          specifications: "Material: clear gloss self-adhesive vinyl\nPrint: full colour with optional white ink layer\nSize: 50mm x 50mm up to 1370mm x 10000mm\n" + ARTWORK,
          pageTitle: title("Clear Vinyl Stickers", "Transparent Stickers"),
          pageDescription:
            "Clear vinyl stickers printed in full colour with optional white underprint, square or contour cut, for glass, bottles and packaging. Any size from 50mm.",
          pageKeywords: "clear stickers, transparent stickers, clear vinyl stickers, glass stickers, white underprint",
        },
        {
          slug: "a4-sticker-sheets",
          name: "A4 Kiss-Cut Sticker Sheets",
          shortDesc: "A4 sheets of kiss-cut stickers, easy to peel, sold from 10 sheets.",
          description:
            "Several stickers per A4 sheet, kiss-cut through the vinyl but not the backing so they peel off one by one. Great for product labels, giveaways and merchandise packs.\n\nSupply your layout on an A4 artboard with a cut line; we check every file before printing.",
          image: "/images/products/vinyl-sticker.svg",
          pricePence: 250,
          priceType: "fixed",
          minQty: 10,
          orientation: "both",
          fixedSize: "210x297",
          attributes: [...lamination(1000), ...turnaround()],
          specifications: "Size: 210mm x 297mm (A4) sheet\nMaterial: white gloss vinyl\nCutting: kiss-cut to your cut line\n" + ARTWORK,
          pageTitle: title("A4 Sticker Sheets", "Kiss-Cut Stickers"),
          pageDescription:
            "A4 kiss-cut sticker sheets on white gloss vinyl, cut to your cut line so stickers peel off one at a time. Optional lamination, sold from 10 sheets.",
          pageKeywords: "sticker sheets, a4 sticker sheet, kiss cut stickers, label sheets, merchandise stickers",
        },
        {
          slug: "vehicle-graphics",
          name: "Vehicle Vinyl Graphics",
          shortDesc: "Cast vinyl graphics for vans and cars that conform to curves and rivets.",
          description:
            "Printed on premium cast vinyl with air-release adhesive, so panels can be applied bubble-free over gentle curves and removed cleanly later. Laminated as standard to protect against car washes and UV.\n\nWe print to the size you enter; complex wraps are printed in panels with overlaps for your fitter.",
          image: "/images/products/vinyl-sticker.svg",
          pricePence: 3200,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 100, minHeightMm: 100, maxWidthMm: 1370, maxHeightMm: 10000 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Laminate", [["Gloss cast laminate"], ["Matt cast laminate"]]),
            ...radio("Cutting", [["Square cut"], ["Contour cut", pct(3000)]]),
            ...turnaround(),
          ],
          specifications: "Material: cast vinyl with air-release adhesive\nLaminate: gloss or matt cast laminate\nSize: 100mm x 100mm up to 1370mm x 10000mm\nOutdoor life: up to 7 years\n" + ARTWORK,
          pageTitle: title("Vehicle Vinyl Graphics", "Van & Car Graphics"),
          pageDescription:
            "Printed vehicle graphics on cast vinyl with air-release adhesive and cast laminate, for vans and cars. Square or contour cut, supplied in panels for fitters.",
          pageKeywords: "vehicle graphics, van graphics, van stickers, car vinyl, cast vinyl, vehicle signage",
        },
      ],
    },
    {
      slug: "window-stickers",
      name: "Window Stickers",
      pageTitle: title("Window Stickers", "Window Vinyl & Films"),
      pageDescription:
        "Printed window vinyl, one way vision, frosted window film and opening hours sticker packs for shops, offices and vehicles. Face-out or reverse printed.",
      pageKeywords: "window stickers, window vinyl, one way vision, frosted window film, shop window graphics, opening hours stickers",
      products: [
        {
          slug: "window-vinyl",
          name: "Window Vinyl Stickers",
          shortDesc: "Printed window graphics for shop fronts, fitted from outside or inside the glass.",
          description:
            "Turn shop windows into advertising with full colour window graphics. Face-out vinyl goes on the outside of the glass; reverse-printed vinyl goes on the inside and reads correctly from the street, out of reach of weather and vandals.\n\nChoose removable adhesive for promotions that change each season.",
          image: "/images/products/window-sticker.svg",
          pricePence: 2000,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 1370, maxHeightMm: 10000 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...radio("Application", [["Face-out (applied outside)"], ["Reverse print (applied inside)", pct(1000)]]),
            ...dropdown("Adhesive", [["Permanent"], ["Removable", pct(1000)]]),
            ...turnaround(),
          ],
          variants: [
            ["Application/Face-out (applied outside)", "Adhesive/Permanent"],
            ["Application/Reverse print (applied inside)", "Adhesive/Removable"],
          ],
          specifications: "Material: white or clear window vinyl\nPrint: face-out or reverse printed\nSize: 304mm x 304mm up to 1370mm x 10000mm\n" + ARTWORK,
          pageTitle: title("Window Vinyl Stickers", "Shop Window Graphics"),
          pageDescription:
            "Printed window vinyl for shop fronts and offices, face-out or reverse printed to apply inside the glass, with permanent or removable adhesive. Priced per m².",
          pageKeywords: "window vinyl, window stickers, shop window graphics, reverse printed vinyl, window signage",
        },
        {
          slug: "one-way-vision",
          name: "One Way Vision Window Film",
          shortDesc: "Perforated window film: full graphic outside, clear view from inside.",
          description:
            "One way vision is a perforated vinyl that shows your graphic from outside while people inside can still see out. It is ideal for shop fronts, office windows and vehicle rear windows where you want advertising and privacy without losing light.\n\nLaminate with optically clear film for outdoor application to keep rain out of the holes.",
          image: "/images/products/window-sticker.svg",
          pricePence: 2400,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 1370, maxHeightMm: 10000 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Lamination", [["None"], ["Optically clear laminate", pct(2000)]]),
            ...turnaround(),
          ],
          specifications: "Material: 50/50 perforated window vinyl\nPrint: full colour on the white face, black adhesive side\nSize: up to 1370mm x 10000mm\n" + ARTWORK,
          pageTitle: title("One Way Vision Film", "Perforated Window Graphics"),
          pageDescription:
            "Printed one way vision film for shop fronts, offices and vehicles: your graphic outside, a clear view from inside. Optional optically clear laminate.",
          pageKeywords: "one way vision, perforated window film, contra vision, privacy window graphics, vehicle window graphics",
        },
        {
          slug: "frosted-window-film",
          name: "Printed Frosted Window Film",
          shortDesc: "Etched-glass effect film for privacy, with printed or cut-out logos.",
          description:
            "Frosted film gives offices and meeting rooms privacy while still letting light through, and looks like etched glass. Add printed colour logos, or a band with your branding for manifestation on glass doors and partitions.",
          image: "/images/products/window-sticker.svg",
          pricePence: 2800,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 1220, maxHeightMm: 10000 },
          minQty: 1,
          orientation: "both",
          attributes: [...radio("Print", [["Frosted only"], ["Frosted with printed colour", pct(2500)]]), ...turnaround()],
          specifications: "Material: dusted crystal frosted window film\nSize: up to 1220mm x 10000mm\nApplication: inside of the glass, wet apply\n" + ARTWORK,
          pageTitle: title("Printed Frosted Window Film", "Privacy Film"),
          pageDescription:
            "Printed frosted window film with an etched-glass look for offices, meeting rooms and glass doors. Plain frosted or with printed colour logos and manifestation.",
          pageKeywords: "frosted window film, privacy film, etched glass vinyl, glass manifestation, office window film",
        },
        {
          slug: "opening-hours-window-stickers",
          name: "Opening Hours Window Stickers",
          shortDesc: "A5 window stickers for opening hours and notices, sold from 5.",
          description:
            "A5 stickers for shop doors and windows: opening hours, card payment notices, no smoking and similar. Printed on clear or white vinyl, reverse printed if you want them applied inside the glass.",
          image: "/images/products/window-sticker.svg",
          pricePence: 450,
          priceType: "fixed",
          minQty: 5,
          orientation: "both",
          fixedSize: "148x210",
          attributes: [
            ...dropdown("Material", [["White vinyl"], ["Clear vinyl"]]),
            ...radio("Application", [["Face-out (applied outside)"], ["Reverse print (applied inside)"]]),
            ...turnaround(),
          ],
          specifications: "Size: 148mm x 210mm (A5)\nMaterial: white or clear self-adhesive vinyl\n" + ARTWORK,
          pageTitle: title("Opening Hours Window Stickers", "A5 Door Stickers"),
          pageDescription:
            "A5 opening hours and notice stickers for shop doors and windows, on white or clear vinyl, face-out or reverse printed. Sold from 5 at trade prices.",
          pageKeywords: "opening hours sticker, door sticker, window notice, a5 window sticker, shop door vinyl",
        },
      ],
    },
    {
      slug: "floor-stickers",
      name: "Floor Stickers",
      pageTitle: title("Floor Stickers", "Printed Floor Graphics"),
      pageDescription:
        "Anti-slip floor graphics for shops, exhibitions and warehouses, round floor stickers and outdoor pavement stickers, printed full colour and laminated.",
      pageKeywords: "floor stickers, floor graphics, anti slip floor vinyl, pavement stickers, round floor stickers",
      products: [
        {
          slug: "floor-graphics",
          name: "Floor Graphics",
          shortDesc: "Anti-slip laminated floor graphics for indoor promotions and wayfinding.",
          description:
            "Floor graphics catch the eye where people are already looking: in aisles, at entrances and on exhibition stands. Each one is printed on removable floor vinyl and sealed with a textured R10 anti-slip laminate, certified for indoor walkways.\n\nDesigned to lift cleanly from smooth hard floors after the campaign. Not suitable for carpet.",
          image: "/images/products/floor-sticker.svg",
          pricePence: 3200,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 1370, maxHeightMm: 5000 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Laminate", [["R10 anti-slip laminate"], ["R11 heavy-duty anti-slip laminate", pct(1500)]]),
            ...radio("Cutting", [["Square cut"], ["Contour cut", pct(3000)]]),
            ...turnaround(),
          ],
          specifications: "Material: removable floor vinyl\nLaminate: R10 anti-slip (R11 available)\nSize: 304mm x 304mm up to 1370mm x 5000mm\n" + ARTWORK,
          pageTitle: title("Floor Graphics", "Anti-Slip Floor Stickers"),
          pageDescription:
            "Printed floor graphics on removable vinyl with R10 or R11 anti-slip laminate for shops, exhibitions and wayfinding. Square or contour cut, priced per m².",
          pageKeywords: "floor graphics, floor stickers, anti slip floor vinyl, exhibition floor graphics, wayfinding stickers",
        },
        {
          slug: "round-floor-stickers",
          name: "Round Floor Stickers 400mm",
          shortDesc: "400mm circular floor stickers with anti-slip laminate, sold from 10.",
          description:
            "Ready-sized 400mm circles for queue points, directions, stand numbers and promotions. Printed, laminated with anti-slip film and cut round so they can go straight down.",
          image: "/images/products/floor-sticker.svg",
          pricePence: 650,
          priceType: "fixed",
          minQty: 10,
          orientation: "both",
          fixedSize: "400x400",
          attributes: [...dropdown("Laminate", [["R10 anti-slip laminate"], ["R11 heavy-duty anti-slip laminate", pct(1500)]]), ...turnaround()],
          specifications: "Size: 400mm diameter\nMaterial: removable floor vinyl\nLaminate: R10 anti-slip\n" + ARTWORK,
          pageTitle: title("Round Floor Stickers 400mm", "Circular Floor Graphics"),
          pageDescription:
            "400mm round floor stickers with anti-slip laminate for queue points, directions, stand numbers and promotions. Cut to a circle, sold from 10 at trade prices.",
          pageKeywords: "round floor stickers, circular floor graphics, queue floor stickers, 400mm floor sticker",
        },
        {
          slug: "pavement-stickers",
          name: "Outdoor Pavement Stickers",
          shortDesc: "Heavy-duty stickers for paving, tarmac and concrete outdoors.",
          description:
            "A conformable aluminium-backed vinyl that presses into the texture of paving slabs, tarmac and concrete, with a gritted anti-slip top surface. Use it for street promotions, event directions and car park markings for up to three months.",
          image: "/images/products/floor-sticker.svg",
          pricePence: 4500,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 1370, maxHeightMm: 3000 },
          minQty: 1,
          orientation: "both",
          attributes: [...radio("Cutting", [["Square cut"], ["Contour cut", pct(3000)]]), ...turnaround()],
          specifications: "Material: conformable aluminium-backed pavement vinyl\nSurface: gritted anti-slip finish\nSize: up to 1370mm x 3000mm\nLife: up to 3 months outdoors\n" + ARTWORK,
          pageTitle: title("Outdoor Pavement Stickers", "Street Graphics"),
          pageDescription:
            "Outdoor pavement stickers on conformable aluminium-backed vinyl with gritted anti-slip finish, for paving, tarmac and concrete. Square or contour cut.",
          pageKeywords: "pavement stickers, outdoor floor graphics, street stickers, tarmac stickers, anti slip outdoor vinyl",
        },
      ],
    },
    {
      slug: "wall-graphics-signs",
      name: "Wall Graphics & Signs",
      pageTitle: title("Wall Graphics & Safety Signs", "Printed Wall Stickers"),
      pageDescription:
        "Printed wall graphics, custom wallpaper and self-adhesive safety sign stickers for offices, shops, gyms, schools and warehouses. Made to size at trade prices.",
      pageKeywords: "wall graphics, wall stickers, printed wallpaper, office wall graphics, safety signs, safety stickers",
      products: [
        {
          slug: "wall-graphics",
          name: "Wall Graphics",
          shortDesc: "Self-adhesive wall graphics that apply to smooth painted walls.",
          description:
            "Brand an office, gym, classroom or shop with large printed wall graphics. We print on a low-tack wall vinyl that bonds to smooth, painted walls and can be removed without pulling off the paint when the room is redecorated.\n\nLarge walls are printed in overlapping panels up to 1.37m wide, numbered for your installer.",
          image: "/images/products/wall-graphic.svg",
          pricePence: 2800,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 1370, maxHeightMm: 10000 },
          minQty: 1,
          orientation: "both",
          attributes: [...dropdown("Finish", [["Matt laminate"], ["Gloss laminate"], ["Unlaminated"]]), ...turnaround()],
          specifications: "Material: low-tack removable wall vinyl\nFinish: matt laminate as standard\nSize: panels up to 1370mm x 10000mm\n" + ARTWORK,
          pageTitle: title("Wall Graphics", "Printed Wall Stickers"),
          pageDescription:
            "Printed wall graphics on removable low-tack vinyl for offices, gyms, classrooms and shops. Matt or gloss laminate, supplied in numbered panels for fitting.",
          pageKeywords: "wall graphics, wall stickers, office wall graphics, removable wall vinyl, printed wall murals",
        },
        {
          slug: "printed-wallpaper",
          name: "Printed Wallpaper",
          shortDesc: "Custom printed wallpaper murals on non-woven paper, pasted like standard wallpaper.",
          description:
            "A full-wall mural printed on a durable non-woven wallpaper that is pasted to the wall like any other paper and strips dry when it is time to change. Suitable for hotels, restaurants, feature walls and show homes.\n\nEnter the wall width and height; we print in drops with a small overlap and include a hanging plan.",
          image: "/images/products/wall-graphic.svg",
          pricePence: 2400,
          priceType: "sqm",
          sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 1370, maxHeightMm: 10000 },
          minQty: 1,
          orientation: "both",
          attributes: [
            ...dropdown("Paper", [["190gsm non-woven smooth"], ["Textured canvas-effect", pct(1500)], ["Fire-rated Class B", pct(2500)]]),
            ...turnaround(),
          ],
          specifications: "Material: 190gsm non-woven wallpaper\nPrint: latex inks, low odour\nSize: drops up to 1370mm wide\n\nIncludes: hanging plan\n" + ARTWORK,
          pageTitle: title("Printed Wallpaper", "Custom Wallpaper Murals"),
          pageDescription:
            "Custom printed wallpaper murals on non-woven paper with low-odour latex inks, in smooth, textured or fire-rated finishes, supplied in drops with a hanging plan.",
          pageKeywords: "printed wallpaper, custom wallpaper, wallpaper mural, feature wall, commercial wallpaper",
        },
        {
          slug: "safety-sign-stickers",
          name: "Safety Sign Stickers",
          shortDesc: "Self-adhesive 200mm x 300mm safety and warning signs, sold from 5.",
          description:
            "Warning, mandatory, prohibition and fire safety signs printed on self-adhesive vinyl, ready to peel and stick. Print your own wording and pictograms, or your company branding alongside standard safety symbols.",
          image: "/images/products/vinyl-sticker.svg",
          pricePence: 290,
          priceType: "fixed",
          minQty: 5,
          orientation: "portrait",
          fixedSize: "200x300",
          attributes: [...dropdown("Material", [["Self-adhesive vinyl"], ["Photoluminescent vinyl", pct(8000)]]), ...corners(50), ...turnaround()],
          specifications: "Size: 200mm x 300mm\nMaterial: self-adhesive vinyl (photoluminescent available)\nCorners: square or 16mm rounded\n" + ARTWORK,
          pageTitle: title("Safety Sign Stickers", "Self-Adhesive Safety Signs"),
          pageDescription:
            "Self-adhesive safety sign stickers at 200mm x 300mm for warning, mandatory, prohibition and fire signs, on vinyl or glow-in-the-dark vinyl. Sold from 5.",
          pageKeywords: "safety signs, safety stickers, warning signs, fire safety signs, photoluminescent signs",
        },
      ],
    },
  ],
};

export const catalogue: SeedCategory[] = [banners, posters, boards, flags, stickers];
