import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { productDetailsSchema } from "../../domain/product-details";
import { catalogue } from "./catalogue";
import type { SeedAttribute, SeedProduct } from "./catalogue-types";

const publicDir = fileURLToPath(new URL("../../public", import.meta.url));
const subcategories = catalogue.flatMap((category) => category.subcategories);
const products: SeedProduct[] = subcategories.flatMap((sub) => sub.products);
const fixedProducts = products.filter((product) => product.priceType === "fixed");
const sqmProducts = products.filter((product) => product.priceType === "sqm");
const attributes: SeedAttribute[] = products.flatMap((product) => product.attributes);
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function groupsOf(product: SeedProduct): Map<string, SeedAttribute[]> {
  const groups = new Map<string, SeedAttribute[]>();
  for (const attribute of product.attributes) {
    groups.set(attribute.group, [...(groups.get(attribute.group) ?? []), attribute]);
  }
  return groups;
}

describe("seed catalogue", () => {
  it("has the five categories in order, each with at least 3 subcategories, and at least 60 products", () => {
    expect(catalogue.map((category) => category.slug)).toEqual(["banners", "posters", "boards", "flags", "stickers"]);
    for (const category of catalogue) {
      expect(category.subcategories.length, category.slug).toBeGreaterThanOrEqual(3);
      for (const sub of category.subcategories) expect(sub.products.length, sub.slug).toBeGreaterThan(0);
    }
    expect(products.length).toBeGreaterThanOrEqual(60);
  });

  it("uses unique lowercase-kebab slugs", () => {
    const lists = [catalogue.map((c) => c.slug), subcategories.map((s) => s.slug), products.map((p) => p.slug)];
    for (const slugs of lists) {
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) expect(slug).toMatch(slugPattern);
    }
    const all = lists.flat();
    expect(new Set(all).size, "no slug shared between a category, subcategory and product").toBe(all.length);
  });

  it("fills every page title, description and keywords field, and every text field", () => {
    for (const item of [...catalogue, ...subcategories, ...products]) {
      expect(item.pageTitle.trim(), item.slug).not.toBe("");
      expect(item.pageDescription.trim(), item.slug).not.toBe("");
      expect(item.pageKeywords.trim(), item.slug).not.toBe("");
      expect(item.pageTitle, item.slug).toContain("Printwise Trade Print");
      expect(item.name.trim(), item.slug).not.toBe("");
    }
    for (const category of catalogue) expect(category.description.trim()).not.toBe("");
    for (const product of products) {
      expect(product.shortDesc.trim(), product.slug).not.toBe("");
      expect(product.description.trim(), product.slug).not.toBe("");
      expect(product.specifications.trim(), product.slug).not.toBe("");
      expect(product.attributes.length, product.slug).toBeGreaterThan(0);
    }
    expect(products.some((product) => product.description.split(/\s+/).length > 20)).toBe(true);
  });

  it("has exactly one default option per attribute group", () => {
    for (const product of products) {
      for (const [group, options] of groupsOf(product)) {
        expect(options.filter((option) => option.isDefault === true).length, `${product.slug} ${group}`).toBe(1);
        expect(new Set(options.map((option) => option.displayType)).size, `${product.slug} ${group}`).toBe(1);
        expect(new Set(options.map((option) => option.name)).size, `${product.slug} ${group}`).toBe(options.length);
      }
    }
  });

  it("lists Standard first in Turnaround groups, then a percentage-priced Express option", () => {
    const withTurnaround = products.filter((product) => groupsOf(product).has("Turnaround"));
    expect(withTurnaround.length).toBeGreaterThan(products.length / 2);
    for (const product of withTurnaround) {
      const options = groupsOf(product).get("Turnaround")!;
      expect(options[0]!.name, product.slug).toMatch(/^Standard/);
      expect(options[0]!.isDefault, product.slug).toBe(true);
      expect(options.every((option) => option.displayType === "Turnaround"), product.slug).toBe(true);
      const express = options.find((option) => option.name.includes("Express"));
      expect(express, product.slug).toBeDefined();
      expect(express!.cost.unit, product.slug).toBe("percentage");
    }
  });

  it("keeps the word express out of non-turnaround attributes (express percentages apply to the base price)", () => {
    for (const attribute of attributes) {
      if (attribute.group === "Turnaround") continue;
      expect(`${attribute.group} ${attribute.name}`.toLowerCase()).not.toContain("express");
    }
  });

  it("gives fixed products a fixed size and size-based products size limits", () => {
    for (const product of fixedProducts) {
      expect(product.fixedSize, product.slug).toMatch(/^\d+x\d+$/);
      expect(product.sizeLimits, product.slug).toBeUndefined();
    }
    for (const product of sqmProducts) {
      expect(product.fixedSize, product.slug).toBeUndefined();
      const limits = product.sizeLimits!;
      expect(limits, product.slug).toBeDefined();
      expect(product.orientation, product.slug).toBe("both");
      expect(limits.minWidthMm).toBeLessThan(limits.maxWidthMm);
      expect(limits.minHeightMm).toBeLessThan(limits.maxHeightMm);
      expect(limits.maxWidthMm).toBeLessThanOrEqual(3200);
      expect(limits.maxHeightMm).toBeLessThanOrEqual(50000);
    }
    const standardMinimum = sqmProducts.filter((p) => p.sizeLimits!.minWidthMm === 304 && p.sizeLimits!.minHeightMm === 304);
    expect(standardMinimum.length).toBeGreaterThan(sqmProducts.length / 2);
  });

  it("offers the maximum 3.2m x 50m banner size", () => {
    const banners = catalogue.find((category) => category.slug === "banners")!;
    const bannerProducts = banners.subcategories.flatMap((sub) => sub.products);
    expect(
      bannerProducts.some((p) => p.sizeLimits?.maxWidthMm === 3200 && p.sizeLimits.maxHeightMm === 50000),
    ).toBe(true);
  });

  it("has fixed products in every orientation", () => {
    for (const orientation of ["portrait", "landscape", "both"] as const) {
      expect(fixedProducts.filter((p) => p.orientation === orientation).length, orientation).toBeGreaterThanOrEqual(3);
    }
  });

  it("has at least 5 products with a minimum quantity above 1, and whole minimums otherwise", () => {
    for (const product of products) {
      expect(Number.isInteger(product.minQty), product.slug).toBe(true);
      expect(product.minQty, product.slug).toBeGreaterThanOrEqual(1);
    }
    expect(products.filter((product) => product.minQty > 1).length).toBeGreaterThanOrEqual(5);
  });

  it("names only existing attributes in variants, and has at least 8 products with variants", () => {
    expect(products.filter((product) => (product.variants ?? []).length > 0).length).toBeGreaterThanOrEqual(8);
    for (const product of products) {
      const keys = new Set(product.attributes.map((attribute) => `${attribute.group}/${attribute.name}`));
      for (const variant of product.variants ?? []) {
        expect(variant.length, product.slug).toBeGreaterThan(0);
        for (const key of variant) expect(keys.has(key), `${product.slug}: ${key}`).toBe(true);
        const groups = variant.map((key) => key.slice(0, key.indexOf("/")));
        expect(new Set(groups).size, `${product.slug}: one option per group`).toBe(groups.length);
      }
    }
  });

  it("uses all three display types and both kinds of cost", () => {
    const displayTypes = new Set(attributes.map((attribute) => attribute.displayType));
    expect([...displayTypes].sort()).toEqual(["Dropdown", "Radio buttons", "Turnaround"]);
    expect(attributes.some((a) => a.cost.unit === "fixed" && a.cost.pence > 0)).toBe(true);
    expect(attributes.some((a) => a.cost.unit === "percentage" && a.cost.basisPoints > 0)).toBe(true);
  });

  it("holds money as non-negative whole pence and basis points", () => {
    for (const product of products) {
      expect(Number.isInteger(product.pricePence), product.slug).toBe(true);
      expect(product.pricePence, product.slug).toBeGreaterThan(0);
    }
    for (const attribute of attributes) {
      const value = attribute.cost.unit === "percentage" ? attribute.cost.basisPoints : attribute.cost.pence;
      expect(Number.isInteger(value), attribute.name).toBe(true);
      expect(value, attribute.name).toBeGreaterThanOrEqual(0);
    }
  });

  it("points every image at an SVG that exists, with exactly two products on the placeholder", () => {
    expect(products.filter((product) => product.image === null).length).toBe(2);
    const paths = [
      ...catalogue.map((category) => category.image),
      ...products.flatMap((product) => (product.image === null ? [] : [product.image])),
      "/images/placeholder.svg",
      "/images/logo.svg",
    ];
    for (const path of paths) {
      expect(path).toMatch(/^\/images\/.+\.svg$/);
      const file = `${publicDir}${path}`;
      expect(existsSync(file), path).toBe(true);
      const svg = readFileSync(file, "utf8");
      expect(svg, path).toMatch(/<svg[^>]*viewBox=/);
      expect(svg, path).toContain("<title>");
      expect(svg, path).not.toMatch(/<script|href="http|xlink:href="http|url\(http/i);
    }
    for (const category of catalogue) expect(category.image).toBe(`/images/categories/${category.slug}.svg`);
  });

  it("gives every product details a manager can save as they are (the back office's own checks)", () => {
    for (const [index, product] of products.entries()) {
      const parsed = productDetailsSchema.safeParse({ ...product, visible: true, sortOrder: index });
      expect(parsed.success ? null : parsed.error.issues[0]?.message, product.slug).toBeNull();
    }
  });
});
