// What a manager writes about a product besides its prices: its names, address, words, search listing,
// whether customers see it, and where it sits in its subcategory. The back office form and its API take
// this one schema.
import { z } from "zod";

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Search results show about this many characters of a title and a description: a guide, not a limit. */
export const SEO_TITLE_SHOWN = 70;
export const SEO_DESCRIPTION_SHOWN = 160;
/** The hard limits: beyond these a title or description is a mistake (a pasted paragraph). */
export const SEO_TITLE_MAX = 120;
export const SEO_DESCRIPTION_MAX = 320;

export const productDetailsSchema = z.object({
  name: z.string().trim().min(2, "The name must be at least 2 characters").max(120, "The name must be at most 120 characters"),
  slug: z
    .string()
    .trim()
    .max(80, "The slug must be at most 80 characters")
    .regex(SLUG_PATTERN, "The slug must be lower-case letters, digits and single hyphens, like pvc-banner"),
  shortDesc: z.string().trim().min(1, "The short description is required").max(300, "The short description must be at most 300 characters"),
  description: z.string().trim().min(1, "The description is required").max(5000, "The description must be at most 5000 characters"),
  specifications: z.string().trim().max(5000, "The specifications must be at most 5000 characters"),
  pageTitle: z.string().trim().min(1, "The search title is required").max(SEO_TITLE_MAX, `The search title must be at most ${SEO_TITLE_MAX} characters`),
  pageDescription: z.string().trim().min(1, "The search description is required").max(SEO_DESCRIPTION_MAX, `The search description must be at most ${SEO_DESCRIPTION_MAX} characters`),
  visible: z.boolean(),
  sortOrder: z.number({ error: "The position must be a number" }).int("The position must be a whole number").min(0, "The position must not be negative").max(10_000, "The position must be at most 10000"),
});

export type ProductDetails = z.output<typeof productDetailsSchema>;
