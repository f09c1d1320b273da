import { describe, it, expect } from "vitest";
import * as faqModule from "./faq";
import * as reviewsModule from "./reviews";
import * as aboutModule from "./about";
import * as termsModule from "./terms";
import { faq, faqTopics } from "./faq";
import { reviews, reviewSummary } from "./reviews";
import { aboutUs, team, homeInfoPanels, homeBenefits } from "./about";
import { terms, termsUpdated } from "./terms";

/** Every string anywhere inside a value (objects, arrays, nested). */
function collectStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out);
  else if (value !== null && typeof value === "object")
    for (const v of Object.values(value)) collectStrings(v, out);
  return out;
}

const allModules = { faqModule, reviewsModule, aboutModule, termsModule };
const allText = collectStrings(allModules);

const words = (s: string) => s.trim().split(/\s+/).filter(Boolean).length;
const sentences = (s: string) =>
  s
    .split(/(?<=[.!?])\s+/)
    .map((x) => x.trim())
    .filter(Boolean).length;

// The FAQ rules of spec section 9, exactly as written there.
const requiredFaqStrings = [
  "3-4 working days",
  "2 working days",
  "6pm",
  "304mm",
  "150mm",
  "6mm",
  "2cm",
  "16mm",
  "3.2m x 50m",
  "200MB",
  "150dpi",
  "300dpi",
  "£6+VAT",
  "2-3 working days",
  "25% restocking fee",
  "50%",
  "no minimum order quantity",
];

describe("FAQ", () => {
  it("has 58-62 items with unique kebab-case ids", () => {
    expect(faq.length).toBeGreaterThanOrEqual(58);
    expect(faq.length).toBeLessThanOrEqual(62);
    const ids = faq.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("lists the topics in the agreed order", () => {
    const agreed = ["Ordering", "Pricing & payment", "Artwork", "Production & delivery", "Products & sizes", "Trade & white label", "Returns & claims", "Account"];
    expect(faqTopics).toEqual(agreed);
  });

  it("gives every item a known topic and every topic some items", () => {
    for (const item of faq) expect(faqTopics).toContain(item.topic);
    for (const topic of faqTopics) expect(faq.some((f) => f.topic === topic)).toBe(true);
  });

  it("has unique questions ending in a question mark", () => {
    const questions = faq.map((f) => f.question);
    expect(new Set(questions).size).toBe(questions.length);
    for (const q of questions) expect(q.trim().endsWith("?")).toBe(true);
  });

  it.each(requiredFaqStrings)("states %s exactly in some answer", (s) => {
    expect(faq.some((f) => f.answer.includes(s))).toBe(true);
  });

  it("keeps answers to 1-4 sentences of plain text", () => {
    for (const item of faq) {
      const n = sentences(item.answer);
      expect(n, item.id).toBeGreaterThanOrEqual(1);
      expect(n, item.id).toBeLessThanOrEqual(4);
      expect(item.answer, item.id).toBe(item.answer.trim());
      expect(item.answer, item.id).not.toMatch(/<[a-z/][^>]*>/i);
      for (const para of item.answer.split("\n\n")) {
        expect(para.trim(), item.id).not.toBe("");
        expect(para, item.id).not.toContain("\n");
      }
    }
  });

  it("states Express as 2 working days and the welcome code correctly", () => {
    const express = faq.find((f) => f.id === "express-turnaround");
    expect(express?.answer).toContain("2 working days");
    const welcome = faq.find((f) => f.id === "welcome-discount");
    expect(welcome?.answer).toContain("Welcome");
    expect(welcome?.answer).toContain("10%");
    expect(faq.some((f) => f.answer.includes("£9.95"))).toBe(true);
    expect(faq.some((f) => f.answer.includes("VAT at 20%"))).toBe(true);
  });
});

describe("reviews", () => {
  it("has exactly 10 reviews with unique ids", () => {
    expect(reviews).toHaveLength(10);
    const ids = reviews.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("has 25-60 words, a five-star rating and an ISO date in 2025-2026", () => {
    for (const r of reviews) {
      const n = words(r.text);
      expect(n, r.id).toBeGreaterThanOrEqual(25);
      expect(n, r.id).toBeLessThanOrEqual(60);
      expect(r.rating).toBe(5);
      expect(r.date).toMatch(/^202[56]-\d{2}-\d{2}$/);
      expect(new Date(`${r.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(r.date);
    }
  });

  it("has the summary shown on the home page", () => {
    expect(reviewSummary).toEqual({ label: "Excellent", stars: 5, count: 1578 });
  });
});

describe("about and home", () => {
  it("has the About Us and team blocks", () => {
    expect(aboutUs.heading).toBe("About Us");
    expect(aboutUs.paragraphs.length).toBeGreaterThanOrEqual(3);
    expect(aboutUs.paragraphs.length).toBeLessThanOrEqual(4);
    expect(team.heading).toBe("The Team");
    expect(team.members.length).toBeGreaterThanOrEqual(5);
    expect(team.members.length).toBeLessThanOrEqual(6);
  });

  it("has two info panels, the second being the print guarantee", () => {
    expect(homeInfoPanels).toHaveLength(2);
    expect(homeInfoPanels[1].heading).toBe("Our Print Guarantee");
    expect(homeInfoPanels[1].paragraphs.join(" ")).toContain("14 days");
  });

  it("has the four benefit tiles in order", () => {
    expect(homeBenefits.map((b) => [b.title, b.icon])).toEqual([
      ["Fast & Same-Day Dispatch", "truck"],
      ["Quality Guarantee", "shield"],
      ["Lowest Prices", "tag"],
      ["Premium Materials", "layers"],
    ]);
  });
});

describe("terms", () => {
  it("has at least 14 sections with unique ids and content", () => {
    expect(terms.length).toBeGreaterThanOrEqual(14);
    const ids = terms.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of terms) expect(t.paragraphs.length, t.id).toBeGreaterThan(0);
    expect(termsUpdated).toBe("2026-11-01");
  });

  it("agrees with the FAQ on the key figures", () => {
    const text = collectStrings(terms).join(" ");
    for (const s of ["3-4 working days", "2 working days", "6pm", "£9.95", "20%", "14 days", "50%", "25% restocking fee", "England and Wales", "UK GDPR"]) {
      expect(text, s).toContain(s);
    }
  });
});

describe("all content", () => {
  it("contains no placeholder text", () => {
    expect(allText.length).toBeGreaterThan(100);
    for (const s of allText) {
      expect(s.toLowerCase()).not.toContain("lorem");
      expect(s).not.toContain("TODO");
      expect(s).not.toMatch(/\{(phone|email|key)\}/);
    }
  });

  it("leaves phone numbers and email addresses to config", () => {
    for (const s of allText) {
      expect(s).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
      expect(s).not.toMatch(/\b0\d{3}\s?\d{3}\s?\d{4}\b|\+44/);
    }
  });
});
