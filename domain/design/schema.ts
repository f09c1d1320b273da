// The design document: one zod schema for the editor, the API and the print renderer. Sizes and positions
// are millimetres on the ordered size; each element is anchored to an edge or the centre on each axis, so
// it keeps its place when the size changes (see fitDesignToSize). Colours are CMYK percentages.
import { z } from "zod";
import { FONT_FAMILY_IDS, unsupportedCharacters } from "./fonts";

export const DESIGN_LIMITS = {
  /** The largest side we print (a 3.2 m × 50 m banner). */
  maxSideMm: 50_000,
  minSideMm: 10,
  maxElements: 80,
  maxTextCharacters: 1000,
  maxUrlLength: 300,
  maxNameLength: 80,
} as const;

const percent = z.number().int("Colour values are whole percentages").min(0).max(100);
export const cmykSchema = z.object({ c: percent, m: percent, y: percent, k: percent });

const mm = (what: string) => z.number({ error: `${what} must be a number of millimetres` }).finite().min(-DESIGN_LIMITS.maxSideMm).max(DESIGN_LIMITS.maxSideMm);
const lengthMm = (what: string) => z.number({ error: `${what} must be a number of millimetres` }).finite().min(0).max(DESIGN_LIMITS.maxSideMm);

/** Where an element sits on one axis: `start` is the left (or top) edge, `end` the right (or bottom). */
export const anchorSchema = z.object({ anchor: z.enum(["start", "centre", "end"]), offsetMm: mm("offsetMm") });
export type Anchor = z.infer<typeof anchorSchema>;

export const elementIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "Element ids are 1-40 letters, digits, - or _");
/** A stored image (`img_…`), or one still held by this browser (`local_…`, saved before the design is). */
export const imageIdSchema = z.string().regex(/^(img|local)_[A-Za-z0-9_-]{8,64}$/, "imageId must name an uploaded image");

const base = {
  id: elementIdSchema,
  x: anchorSchema,
  y: anchorSchema,
  locked: z.boolean().default(false),
};

export const textElementSchema = z.object({
  ...base,
  kind: z.literal("text"),
  text: z
    .string()
    .max(DESIGN_LIMITS.maxTextCharacters, `Text may be at most ${DESIGN_LIMITS.maxTextCharacters} characters`)
    .superRefine((text, ctx) => {
      const bad = unsupportedCharacters(text);
      if (bad.length > 0) ctx.addIssue({ code: "custom", message: `These characters are not in our fonts: ${bad.join(" ")}` });
    }),
  font: z.enum(FONT_FAMILY_IDS),
  weight: z.union([z.literal(400), z.literal(700), z.literal(800)]),
  sizeMm: z.number().finite().min(1, "Text must be at least 1 mm high").max(5000),
  lineHeight: z.number().finite().min(0.7).max(3),
  align: z.enum(["left", "centre", "right"]),
  colour: cmykSchema,
  /** The width lines wrap at; the height follows from the lines. */
  widthMm: lengthMm("widthMm").min(1),
});

export const imageElementSchema = z.object({
  ...base,
  kind: z.literal("image"),
  imageId: imageIdSchema,
  /** The image's own pixels, for layout and the live ppi (the server checks them against the stored image). */
  widthPx: z.number().int().min(1).max(100_000),
  heightPx: z.number().int().min(1).max(100_000),
  widthMm: lengthMm("widthMm").min(1),
  heightMm: lengthMm("heightMm").min(1),
  /** `contain`: the whole image inside the box; `cover`: the box filled, the image's overflow cut off. */
  fit: z.enum(["contain", "cover"]),
});

export const shapeElementSchema = z.object({
  ...base,
  kind: z.literal("shape"),
  shape: z.enum(["rectangle", "ellipse"]),
  widthMm: lengthMm("widthMm").min(1),
  heightMm: lengthMm("heightMm").min(1),
  fill: cmykSchema.nullable(),
  stroke: cmykSchema.nullable(),
  strokeMm: lengthMm("strokeMm").max(1000),
  cornerMm: lengthMm("cornerMm"),
});

/** A straight line from one corner of its box to the other (`down`: top-left to bottom-right); a zero height is horizontal. */
export const lineElementSchema = z.object({
  ...base,
  kind: z.literal("line"),
  widthMm: lengthMm("widthMm"),
  heightMm: lengthMm("heightMm"),
  slope: z.enum(["down", "up"]),
  colour: cmykSchema,
  strokeMm: lengthMm("strokeMm").min(0.1).max(1000),
});

export const qrElementSchema = z.object({
  ...base,
  kind: z.literal("qr"),
  url: z
    .string()
    .max(DESIGN_LIMITS.maxUrlLength)
    .regex(/^(https?:\/\/|mailto:|tel:)[^\s]+$/i, "The QR code needs a web address starting https://, or a mailto: or tel: link"),
  sizeMm: lengthMm("sizeMm").min(10, "A QR code must be at least 10 mm to scan"),
  colour: cmykSchema,
  background: cmykSchema.nullable(),
});

export const designElementSchema = z.discriminatedUnion("kind", [textElementSchema, imageElementSchema, shapeElementSchema, lineElementSchema, qrElementSchema]);

export const backgroundImageSchema = z.object({
  imageId: imageIdSchema,
  widthPx: z.number().int().min(1).max(100_000),
  heightPx: z.number().int().min(1).max(100_000),
  fit: z.enum(["contain", "cover"]),
});

export const designSchema = z
  .object({
    version: z.literal(1),
    widthMm: lengthMm("widthMm").min(DESIGN_LIMITS.minSideMm),
    heightMm: lengthMm("heightMm").min(DESIGN_LIMITS.minSideMm),
    background: z.object({ colour: cmykSchema, image: backgroundImageSchema.nullable() }),
    /** Drawn in order: the first is at the bottom. */
    elements: z.array(designElementSchema).max(DESIGN_LIMITS.maxElements, `A design may have at most ${DESIGN_LIMITS.maxElements} elements`),
  })
  .superRefine((design, ctx) => {
    const seen = new Set<string>();
    design.elements.forEach((element, index) => {
      if (seen.has(element.id)) ctx.addIssue({ code: "custom", path: ["elements", index, "id"], message: "Element ids must be unique" });
      seen.add(element.id);
    });
  });

export type Design = z.infer<typeof designSchema>;
export type DesignElement = z.infer<typeof designElementSchema>;
export type TextElement = z.infer<typeof textElementSchema>;
export type ImageElement = z.infer<typeof imageElementSchema>;
export type ShapeElement = z.infer<typeof shapeElementSchema>;
export type LineElement = z.infer<typeof lineElementSchema>;
export type QrElement = z.infer<typeof qrElementSchema>;
export type BackgroundImage = z.infer<typeof backgroundImageSchema>;

/** Every image a design uses (the background's first). */
export function designImageIds(design: Design): string[] {
  const ids = design.background.image ? [design.background.image.imageId] : [];
  for (const element of design.elements) if (element.kind === "image") ids.push(element.imageId);
  return [...new Set(ids)];
}

export const designNameSchema = z.string().trim().min(1, "Give the design a name").max(DESIGN_LIMITS.maxNameLength);
