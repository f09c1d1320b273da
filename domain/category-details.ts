// What a manager writes about a category or subcategory: its name, address, words and search listing, and
// its place in the menu. A category lives at /<slug>, beside the shop's own pages: their names are taken.
import { z } from "zod";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, SLUG_PATTERN } from "./product-details";

/** First path segments the shop itself answers: a category cannot have one of these as its slug. */
export const RESERVED_SLUGS = [
  "about-us", "api", "assets", "basket", "category", "checkout", "contact-us", "faq", "favicon.ico", "forgot-password", "images", "login",
  "my-account", "print", "product", "reset-password", "robots.txt", "signup", "staff", "terms",
] as const;

const slug = z
  .string()
  .trim()
  .max(80, "The slug must be at most 80 characters")
  .regex(SLUG_PATTERN, "The slug must be lower-case letters, digits and single hyphens, like pvc-banners");

const shared = {
  name: z.string().trim().min(2, "The name must be at least 2 characters").max(80, "The name must be at most 80 characters"),
  pageTitle: z.string().trim().min(1, "The search title is required").max(SEO_TITLE_MAX, `The search title must be at most ${SEO_TITLE_MAX} characters`),
  pageDescription: z.string().trim().min(1, "The search description is required").max(SEO_DESCRIPTION_MAX, `The search description must be at most ${SEO_DESCRIPTION_MAX} characters`),
  sortOrder: z.number({ error: "The position must be a number" }).int("The position must be a whole number").min(0, "The position must not be negative").max(10_000, "The position must be at most 10000"),
  /** Hidden: not in the menu, its pages 404 and its products cannot be ordered; orders that have them still show them. */
  visible: z.boolean({ error: "visible must be true or false" }).default(true),
};

export const categoryDetailsSchema = z.object({
  ...shared,
  slug: slug.refine((value) => !(RESERVED_SLUGS as readonly string[]).includes(value), "That slug is the address of one of the shop's own pages"),
  description: z.string().trim().min(1, "The description is required").max(2000, "The description must be at most 2000 characters"),
});

export const subcategoryDetailsSchema = z.object({ ...shared, slug });

export type CategoryDetails = z.output<typeof categoryDetailsSchema>;
export type SubcategoryDetails = z.output<typeof subcategoryDetailsSchema>;
