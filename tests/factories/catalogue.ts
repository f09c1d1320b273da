// The seeded catalogue as a client sees it: every product of `GET /api/data`, by slug.
import type { FastifyInstance } from "fastify";

export type ApiAttribute = { group: string; subattribute_id: number; subattribute_name: string };
export type ApiProduct = { id: number; slug: string; price_type: string; attributes: ApiAttribute[] };

export async function productsBySlug(app: FastifyInstance): Promise<Map<string, ApiProduct>> {
  const data = (await app.inject({ method: "GET", url: "/api/data" })).json() as {
    categories: { subcategories: { products: ApiProduct[] }[] }[];
  };
  const bySlug = new Map<string, ApiProduct>();
  for (const c of data.categories) for (const s of c.subcategories) for (const p of s.products) bySlug.set(p.slug, p);
  return bySlug;
}
