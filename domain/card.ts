// The built-in test checkout's card rules (docs/decisions/010-payment-and-address-providers.md): 4242 4242 4242 4242 succeeds,
// 4000 0000 0000 0002 is declined, any other number must pass the Luhn check and the expiry must be in
// the future. No real card is ever charged; the page says so.
import { z } from "zod";
import { ukDateParts } from "./delivery";

export const TEST_CARDS = { success: "4242424242424242", declined: "4000000000000002" } as const;

export const CARD_MESSAGES = {
  number: "Enter a valid card number",
  expiry: "Enter an expiry date in the future, as MM/YY",
  cvc: "Enter the 3 or 4 digit security code",
  name: "Enter the name on the card",
  declined: "Your card was declined.",
} as const;

export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, "");
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "MM/YY" or "MM / YYYY" → { month, year } or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is good to the end of its expiry month (UK time). */
export function expiryInFuture(value: string, now: Date): boolean {
  const expiry = parseExpiry(value);
  if (!expiry) return false;
  const [year, month] = ukDateParts(now).isoDate.split("-").map(Number) as [number, number];
  return expiry.year > year || (expiry.year === year && expiry.month >= month);
}

export function cardFormSchema(now: () => Date) {
  return z.object({
    cardNumber: z.string().transform(cardDigits).refine(passesLuhn, CARD_MESSAGES.number),
    expiry: z.string().refine((value) => expiryInFuture(value, now()), CARD_MESSAGES.expiry),
    cvc: z.string().trim().regex(/^\d{3,4}$/, CARD_MESSAGES.cvc),
    nameOnCard: z.string().trim().min(1, CARD_MESSAGES.name).max(100, CARD_MESSAGES.name),
  });
}
export type CardForm = z.output<ReturnType<typeof cardFormSchema>>;

/** What the test processor does with a valid card. */
export function testCardOutcome(digits: string): "paid" | "declined" {
  return digits === TEST_CARDS.declined ? "declined" : "paid";
}

/** "4242 4242 4242 4242" as typed: groups of four. */
export function formatCardNumber(value: string): string {
  return cardDigits(value)
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** A card network as card processors name it (Stripe's `card.brand`), from the number's first digits. */
export function cardBrandOf(digits: string): string {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  return "unknown";
}

const BRAND_LABELS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** "Visa ending 4242" for the order page and invoice; "Card" when the processor said nothing. */
export function cardSummary(brand: string | null | undefined, last4: string | null | undefined): string {
  const name = (brand && BRAND_LABELS[brand]) || "Card";
  return last4 && /^\d{4}$/.test(last4) ? `${name} ending ${last4}` : name;
}
