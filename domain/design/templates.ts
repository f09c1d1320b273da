// Starting points for UK small businesses. A template is made for the ordered size: text is sized to fit
// the page's width and a share of its height, and every element is anchored to the edge or centre it
// belongs to, so the same template reads well on an A4 poster and on a 3 m × 1 m banner.
import { cmyk, type Cmyk } from "./colour";
import { fontFileFor, type FontFamilyId, type FontWeight } from "./fonts";
import { round2 } from "./geometry";
import type { Anchor, Design, DesignElement, TextElement } from "./schema";
import { measureText } from "./text-layout";

export type TemplateCategory = "banner" | "poster" | "board" | "flag" | "sticker";

export type DesignTemplate = {
  id: string;
  name: string;
  /** The kinds of product it was written for, first the best. */
  categories: TemplateCategory[];
  build: (size: { widthMm: number; heightMm: number }) => Design;
};

const WHITE = cmyk(0, 0, 0, 0);
const BLACK = cmyk(0, 0, 0, 100);
const RICH_BLACK = cmyk(60, 40, 40, 100);
const RED = cmyk(0, 100, 100, 0);
const YELLOW = cmyk(0, 10, 100, 0);
const NAVY = cmyk(100, 90, 30, 30);
const SKY = cmyk(70, 15, 0, 0);
const GREEN = cmyk(90, 30, 100, 30);
const CREAM = cmyk(0, 4, 15, 0);
const PINK = cmyk(0, 80, 10, 0);
const ORANGE = cmyk(0, 60, 100, 0);

type Size = { widthMm: number; heightMm: number };

/** Builds one template's elements with sizes taken from the page. */
class Page {
  readonly u: number;
  readonly inset: number;
  readonly elements: DesignElement[] = [];
  private next = 1;
  constructor(readonly size: Size) {
    this.u = Math.min(size.widthMm, size.heightMm);
    this.inset = Math.max(Math.min(20, this.u / 10), this.u * 0.06);
  }
  get landscape() {
    return this.size.widthMm >= this.size.heightMm;
  }
  private id(prefix: string) {
    return `${prefix}${this.next++}`;
  }
  /**
   * Text as large as fits: its longest line no wider than `widthShare` of the page, its lines together no
   * taller than `heightShare` of the page.
   */
  text(
    text: string,
    options: { font: FontFamilyId; weight?: FontWeight; colour: Cmyk; y: Anchor["anchor"]; at: number; heightShare: number; widthShare?: number; align?: TextElement["align"]; lineHeight?: number; x?: Anchor },
  ) {
    const weight = options.weight ?? 400;
    const lineHeight = options.lineHeight ?? 1.15;
    const fontId = fontFileFor(options.font, weight).id;
    const width = this.size.widthMm * (options.widthShare ?? 1) - 2 * this.inset;
    const lines = text.split("\n");
    const widest = Math.max(...lines.map((line) => measureText(line, fontId, 1)));
    const byWidth = width / widest / 1.02;
    const byHeight = (this.size.heightMm * options.heightShare) / (lines.length * lineHeight);
    const sizeMm = round2(Math.max(1, Math.min(byWidth, byHeight)));
    this.elements.push({
      id: this.id("text"),
      kind: "text",
      text,
      font: options.font,
      weight,
      sizeMm,
      lineHeight,
      align: options.align ?? "centre",
      colour: options.colour,
      widthMm: round2(width),
      x: options.x ?? { anchor: "centre", offsetMm: 0 },
      y: { anchor: options.y, offsetMm: round2(this.size.heightMm * options.at) },
      locked: false,
    });
  }
  band(colour: Cmyk, y: Anchor["anchor"], heightShare: number, at = 0) {
    this.elements.push({
      id: this.id("band"),
      kind: "shape",
      shape: "rectangle",
      widthMm: this.size.widthMm,
      heightMm: round2(this.size.heightMm * heightShare),
      fill: colour,
      stroke: null,
      strokeMm: 0,
      cornerMm: 0,
      x: { anchor: "start", offsetMm: 0 },
      y: { anchor: y, offsetMm: round2(this.size.heightMm * at) },
      locked: false,
    });
  }
  rule(colour: Cmyk, y: Anchor["anchor"], at: number, widthShare = 0.5) {
    this.elements.push({
      id: this.id("line"),
      kind: "line",
      widthMm: round2(this.size.widthMm * widthShare),
      heightMm: 0,
      slope: "down",
      colour,
      strokeMm: round2(Math.max(0.5, this.u * 0.006)),
      x: { anchor: "centre", offsetMm: 0 },
      y: { anchor: y, offsetMm: round2(this.size.heightMm * at) },
      locked: false,
    });
  }
  qr(url: string, corner: "end" | "start", sizeShare = 0.22) {
    const sizeMm = round2(Math.max(15, this.u * sizeShare));
    this.elements.push({
      id: this.id("qr"),
      kind: "qr",
      url,
      sizeMm,
      colour: BLACK,
      background: WHITE,
      x: { anchor: corner, offsetMm: round2(this.inset) },
      y: { anchor: "end", offsetMm: round2(this.inset) },
      locked: false,
    });
  }
  ellipse(fill: Cmyk, stroke: Cmyk | null, share: number) {
    const d = round2(this.u * share);
    this.elements.push({
      id: this.id("shape"),
      kind: "shape",
      shape: "ellipse",
      widthMm: d,
      heightMm: d,
      fill,
      stroke,
      strokeMm: stroke ? round2(this.u * 0.02) : 0,
      cornerMm: 0,
      x: { anchor: "centre", offsetMm: 0 },
      y: { anchor: "centre", offsetMm: 0 },
      locked: false,
    });
  }
  design(background: Cmyk): Design {
    return { version: 1, widthMm: this.size.widthMm, heightMm: this.size.heightMm, background: { colour: background, image: null }, elements: this.elements };
  }
}

function template(id: string, name: string, categories: TemplateCategory[], draw: (page: Page) => Cmyk): DesignTemplate {
  return {
    id,
    name,
    categories,
    build(size) {
      const page = new Page(size);
      const background = draw(page);
      return page.design(background);
    },
  };
}

export const DESIGN_TEMPLATES: DesignTemplate[] = [
  template("grand-opening", "Grand opening", ["banner", "poster"], (p) => {
    p.text("GRAND OPENING", { font: "anton", colour: YELLOW, y: "start", at: 0.1, heightShare: 0.34 });
    p.text("Saturday 14 June from 10am", { font: "montserrat", weight: 700, colour: WHITE, y: "centre", at: 0.1, heightShare: 0.14, widthShare: 0.8 });
    p.text("12 High Street, Bristol BS1 2AB", { font: "montserrat", colour: WHITE, y: "end", at: 0.1, heightShare: 0.09, widthShare: 0.7 });
    return NAVY;
  }),
  template("summer-sale", "Summer sale", ["banner", "poster"], (p) => {
    p.band(YELLOW, "end", 0.22);
    p.text("SUMMER SALE", { font: "anton", colour: WHITE, y: "start", at: 0.08, heightShare: 0.42 });
    p.text("Up to 50% off everything", { font: "montserrat", weight: 800, colour: YELLOW, y: "centre", at: 0.08, heightShare: 0.14, widthShare: 0.85 });
    p.text("This weekend only", { font: "montserrat", weight: 700, colour: RED, y: "end", at: 0.04, heightShare: 0.12, widthShare: 0.6 });
    return RED;
  }),
  template("fun-day", "Community fun day", ["banner", "poster"], (p) => {
    p.text("Summer Fun Day", { font: "dancing-script", weight: 700, colour: WHITE, y: "start", at: 0.06, heightShare: 0.3, widthShare: p.landscape ? 0.8 : 1 });
    p.text("Bouncy castle · BBQ · Raffle · Live music", { font: "montserrat", weight: 700, colour: NAVY, y: "centre", at: 0, heightShare: 0.1, widthShare: p.landscape ? 0.75 : 1 });
    p.text("Sunday 6 July, 12-5pm\nRiverside Park, Leeds", { font: "montserrat", colour: WHITE, y: "end", at: 0.08, heightShare: 0.16, widthShare: p.landscape ? 0.6 : 0.7, align: p.landscape ? "left" : "centre", x: p.landscape ? { anchor: "start", offsetMm: round2(p.inset) } : undefined });
    p.qr("https://example.org/funday", "end", 0.24);
    return SKY;
  }),
  template("now-hiring", "Now hiring", ["banner", "board", "poster"], (p) => {
    p.text("WE'RE HIRING", { font: "anton", colour: BLACK, y: "start", at: 0.08, heightShare: 0.32 });
    p.text("Baristas · Kitchen team · Weekend staff", { font: "montserrat", weight: 700, colour: BLACK, y: "centre", at: 0, heightShare: 0.1, widthShare: 0.85 });
    p.text("Apply in store\nor scan the code", { font: "montserrat", colour: BLACK, y: "end", at: 0.08, heightShare: 0.16, widthShare: 0.55, align: "left", x: { anchor: "start", offsetMm: round2(p.inset) } });
    p.qr("https://example.co.uk/jobs", "end", 0.24);
    return YELLOW;
  }),
  template("opening-hours", "Opening hours", ["poster", "board", "sticker"], (p) => {
    p.text("The Corner Shop", { font: "playfair-display", weight: 700, colour: NAVY, y: "start", at: 0.07, heightShare: 0.14 });
    p.rule(NAVY, "start", 0.25, 0.5);
    p.text("Opening hours", { font: "montserrat", weight: 700, colour: RICH_BLACK, y: "start", at: 0.3, heightShare: 0.07, widthShare: 0.6 });
    p.text("Monday - Friday   7am - 9pm\nSaturday   8am - 9pm\nSunday   10am - 4pm\nBank holidays   10am - 4pm", { font: "montserrat", colour: RICH_BLACK, y: "end", at: 0.1, heightShare: 0.4, widthShare: 0.9, lineHeight: 1.5 });
    return WHITE;
  }),
  template("for-sale", "For sale board", ["board"], (p) => {
    p.band(RED, "start", 0.42);
    p.text("FOR SALE", { font: "anton", colour: WHITE, y: "start", at: 0.07, heightShare: 0.28 });
    p.text("Hartley & Green", { font: "playfair-display", weight: 700, colour: RED, y: "centre", at: 0.1, heightShare: 0.14 });
    p.text("01632 960 123", { font: "montserrat", weight: 800, colour: RICH_BLACK, y: "end", at: 0.08, heightShare: 0.12, widthShare: 0.8 });
    return WHITE;
  }),
  template("to-let", "To let board", ["board"], (p) => {
    p.band(GREEN, "start", 0.42);
    p.text("TO LET", { font: "anton", colour: WHITE, y: "start", at: 0.07, heightShare: 0.28 });
    p.text("Shop & offices · 1,200 sq ft", { font: "montserrat", weight: 700, colour: GREEN, y: "centre", at: 0.1, heightShare: 0.1, widthShare: 0.9 });
    p.text("01632 960 456\nlettings@example.co.uk", { font: "montserrat", colour: RICH_BLACK, y: "end", at: 0.07, heightShare: 0.16, widthShare: 0.8 });
    return WHITE;
  }),
  template("wayfinding", "Wayfinding sign", ["board", "poster"], (p) => {
    p.text("Reception  »", { font: "montserrat", weight: 700, colour: WHITE, y: "start", at: 0.1, heightShare: 0.2, align: "left", x: { anchor: "start", offsetMm: round2(p.inset) } });
    p.rule(WHITE, "centre", 0, 0.9);
    p.text("«  Car park & toilets", { font: "montserrat", weight: 700, colour: WHITE, y: "end", at: 0.1, heightShare: 0.2, align: "left", x: { anchor: "start", offsetMm: round2(p.inset) } });
    return NAVY;
  }),
  template("cafe-menu", "Café menu", ["poster", "board"], (p) => {
    p.text("Today's Menu", { font: "playfair-display", weight: 700, colour: RICH_BLACK, y: "start", at: 0.06, heightShare: 0.13 });
    p.text("Fresh every day", { font: "dancing-script", weight: 700, colour: ORANGE, y: "start", at: 0.21, heightShare: 0.07, widthShare: 0.6 });
    p.text("Full English breakfast  £8.50\nBacon roll  £3.95\nSoup of the day  £4.75\nJacket potato  £5.25\nTea or coffee  £2.20", { font: "roboto-slab", colour: RICH_BLACK, y: "end", at: 0.08, heightShare: 0.5, widthShare: 0.9, lineHeight: 1.45 });
    return CREAM;
  }),
  template("birthday", "Birthday banner", ["banner", "poster"], (p) => {
    p.text("Happy 40th Birthday", { font: "dancing-script", weight: 700, colour: WHITE, y: "centre", at: -0.12, heightShare: 0.34 });
    p.text("SARAH", { font: "anton", colour: YELLOW, y: "end", at: 0.1, heightShare: 0.28, widthShare: 0.6 });
    return PINK;
  }),
  template("brand-flag", "Brand flag", ["flag", "banner"], (p) => {
    p.band(WHITE, "end", 0.16);
    p.text(p.landscape ? "Harbour Surf School" : "Harbour\nSurf\nSchool", { font: "anton", colour: WHITE, y: "start", at: 0.08, heightShare: p.landscape ? 0.36 : 0.5 });
    p.text("harboursurf.co.uk", { font: "montserrat", weight: 700, colour: NAVY, y: "end", at: 0.045, heightShare: 0.06, widthShare: 0.95 });
    return SKY;
  }),
  template("logo-sticker", "Round logo sticker", ["sticker"], (p) => {
    p.ellipse(NAVY, YELLOW, 0.92);
    p.text("Bramble\nBakery", { font: "playfair-display", weight: 700, colour: WHITE, y: "centre", at: -0.05, heightShare: 0.3, widthShare: 0.62 });
    p.text("EST. 2015", { font: "montserrat", weight: 700, colour: YELLOW, y: "centre", at: 0.2, heightShare: 0.07, widthShare: 0.4 });
    return WHITE;
  }),
  template("site-safety", "Site safety sign", ["board", "banner"], (p) => {
    p.band(BLACK, "start", 0.3);
    p.text("SITE SAFETY", { font: "anton", colour: YELLOW, y: "start", at: 0.05, heightShare: 0.2 });
    p.text("Hard hats, boots and hi-vis must be worn at all times", { font: "montserrat", weight: 800, colour: BLACK, y: "centre", at: 0.07, heightShare: 0.22, widthShare: 0.9, lineHeight: 1.2 });
    p.text("Report to the site office on arrival", { font: "montserrat", colour: BLACK, y: "end", at: 0.07, heightShare: 0.08, widthShare: 0.8 });
    return YELLOW;
  }),
  template("live-music", "Live music poster", ["poster", "banner"], (p) => {
    p.text("LIVE MUSIC", { font: "anton", colour: ORANGE, y: "start", at: 0.1, heightShare: 0.3 });
    p.text("Every Friday from 8pm", { font: "montserrat", weight: 700, colour: WHITE, y: "centre", at: 0.05, heightShare: 0.1, widthShare: 0.8 });
    p.text("The Red Lion", { font: "playfair-display", weight: 700, colour: WHITE, y: "end", at: 0.08, heightShare: 0.14, widthShare: 0.7 });
    return RICH_BLACK;
  }),
];

/** Templates for a product category: the ones written for it first. */
export function templatesFor(category: TemplateCategory | null): DesignTemplate[] {
  if (!category) return DESIGN_TEMPLATES;
  const first = DESIGN_TEMPLATES.filter((t) => t.categories.includes(category));
  return [...first, ...DESIGN_TEMPLATES.filter((t) => !t.categories.includes(category))];
}

/** The template kind of a catalogue category (its slug). */
export function templateCategoryOf(categorySlug: string | null | undefined): TemplateCategory | null {
  const map: Record<string, TemplateCategory> = { banners: "banner", posters: "poster", boards: "board", flags: "flag", stickers: "sticker" };
  return categorySlug ? (map[categorySlug] ?? null) : null;
}

/** A design to start from when no template is chosen: the background only. */
export function blankDesign(size: Size): Design {
  return { version: 1, widthMm: size.widthMm, heightMm: size.heightMm, background: { colour: WHITE, image: null }, elements: [] };
}
