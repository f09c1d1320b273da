// Addresses as the spec's calls carry them (section 3: first_name … country, delivery adds instructions)
// and the checkout address form's rules (section 5). One schema per form, shared by page and API.
import { z } from "zod";
import { ACCOUNT_MESSAGES, isUkMobile, newPasswordField, TITLES } from "./account";
import { rowIdOrDigits } from "./ids";
import { normaliseUkPostcode, POSTCODE_MESSAGE } from "./postcode";

export const COUNTRIES = ["United Kingdom", "Other"] as const;
export type Country = (typeof COUNTRIES)[number];

export const ADDRESS_MESSAGES = {
  fillRequired: "Please fill in all required fields.",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  emailInvalid: "Email must contain an @",
  telephone: "Telephone is required and must be a valid UK number.",
  passwordsDiffer: "Passwords do not match.",
  address1Required: "Address line 1 is required",
  townRequired: "Town is required",
  postcodeRequired: "Postcode is required",
  postcodeInvalid: POSTCODE_MESSAGE,
  countryRequired: "Country is required",
  termsRequired: "Please accept the terms and conditions",
  tooLong: "This is too long",
  duplicateEmail: "This email is already registered. Please log in using Express Checkout.",
  signupFailed: "Signup failed. Please try again.",
  networkError: "Network error.",
  accountProblem: "There was a problem with your account. Please log in again or contact support.",
} as const;

const country = z.enum(COUNTRIES, { error: ADDRESS_MESSAGES.countryRequired });

/**
 * An address as the API answers it (saved addresses, an order's billing and delivery), in the spec's
 * field names: the one shape the server's answers declare and the browser's type is read from.
 */
export const savedAddressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  address1: z.string(),
  address2: z.string(),
  town: z.string(),
  county: z.string(),
  postcode: z.string(),
  country,
  instructions: z.string().optional(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

const text = (max = 100) => z.string().trim().max(max, ADDRESS_MESSAGES.tooLong);
const optionalText = (max = 100) => text(max).nullish().transform((v) => v ?? "");
const required = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, ADDRESS_MESSAGES.tooLong);

/** Postcode, normalised ("sw1a1aa" → "SW1A 1AA") when the country is the UK. */
function withPostcodeRule<T extends z.ZodRawShape>(shape: z.ZodObject<T>) {
  return shape.transform((address, ctx) => {
    const value = address as unknown as { postcode: string; country: Country };
    if (value.country === "United Kingdom" && value.postcode !== "") {
      const normalised = normaliseUkPostcode(value.postcode);
      if (normalised === null) {
        ctx.addIssue({ code: "custom", path: ["postcode"], message: ADDRESS_MESSAGES.postcodeInvalid });
        return z.NEVER;
      }
      return { ...address, postcode: normalised };
    }
    return address;
  });
}

/** The lines every address has: address 1, town, postcode and country are required. */
const addressLines = {
  company: optionalText(),
  address1: required(ADDRESS_MESSAGES.address1Required),
  address2: optionalText(),
  town: required(ADDRESS_MESSAGES.townRequired),
  county: optionalText(),
  postcode: required(ADDRESS_MESSAGES.postcodeRequired, 20),
  country,
};

/** Billing: the names are optional. */
export const billingAddressSchema = withPostcodeRule(z.object({ first_name: optionalText(), last_name: optionalText(), ...addressLines }));

/** Delivery: names too, and instructions; county is shown as required in the spec's form but never checked. */
export const deliveryAddressSchema = withPostcodeRule(
  z.object({
    first_name: required(ADDRESS_MESSAGES.firstNameRequired),
    last_name: required(ADDRESS_MESSAGES.lastNameRequired),
    ...addressLines,
    instructions: optionalText(500),
  }),
);

export type BillingAddress = z.output<typeof billingAddressSchema>;
export type DeliveryAddress = z.output<typeof deliveryAddressSchema>;

/** POST /api/checkout/address: either address may be left out (the spec sends only what changed). */
export const checkoutAddressRequestSchema = z.object({
  userId: rowIdOrDigits("userId"),
  billing: billingAddressSchema.optional().nullable(),
  delivery: deliveryAddressSchema.optional().nullable(),
});

/** The address page's contact section (guests only): who the account is made for. */
export const guestContactSchema = z
  .object({
    title: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(TITLES).optional()),
    firstname: required(ADDRESS_MESSAGES.firstNameRequired),
    lastname: required(ADDRESS_MESSAGES.lastNameRequired),
    email: z
      .string({ error: ADDRESS_MESSAGES.emailRequired })
      .trim()
      .min(1, ADDRESS_MESSAGES.emailRequired)
      .max(254, ADDRESS_MESSAGES.tooLong)
      .refine((value) => value.includes("@"), ADDRESS_MESSAGES.emailInvalid),
    telephone: z.string({ error: ADDRESS_MESSAGES.telephone }).trim().refine(isUkMobile, ADDRESS_MESSAGES.telephone),
    password: newPasswordField,
    confirmPassword: z.string({ error: ACCOUNT_MESSAGES.confirmRequired }).min(1, ACCOUNT_MESSAGES.confirmRequired),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], message: ADDRESS_MESSAGES.passwordsDiffer });

export const EMPTY_ADDRESS: SavedAddress = {
  first_name: "",
  last_name: "",
  company: "",
  address1: "",
  address2: "",
  town: "",
  county: "",
  postcode: "",
  country: "United Kingdom",
  instructions: "",
};

/** True when two addresses say the same thing (the spec saves an address only when it changed). */
export function sameAddress(a: Partial<SavedAddress> | null | undefined, b: Partial<SavedAddress> | null | undefined): boolean {
  if (!a || !b) return a === b;
  const keys: (keyof SavedAddress)[] = ["first_name", "last_name", "company", "address1", "address2", "town", "county", "postcode", "country", "instructions"];
  return keys.every((key) => (a[key] ?? "").toString().trim() === (b[key] ?? "").toString().trim());
}

/**
 * True when a saved delivery address is the billing address: the same place, and the same names once a
 * billing address without names (they are optional on billing) takes the account holder's, as the
 * checkout does when it delivers to the billing address. Case and spacing do not count.
 */
export function deliversToBilling(
  billing: Partial<SavedAddress> | null | undefined,
  delivery: Partial<SavedAddress> | null | undefined,
  accountNames: { first: string; last: string },
): boolean {
  if (!billing || !delivery) return false;
  const clean = (value: unknown) => String(value ?? "").trim().replace(/\s+/g, " ").toLowerCase();
  const named = {
    ...billing,
    first_name: clean(billing.first_name) || accountNames.first,
    last_name: clean(billing.last_name) || accountNames.last,
  };
  const keys: (keyof SavedAddress)[] = ["first_name", "last_name", "company", "address1", "address2", "town", "county", "postcode", "country"];
  return keys.every((key) => clean(named[key]) === clean(delivery[key]));
}

/** One line for cards and emails: "Unit 4, 12 Wharf Road, London, E15 2SU". */
export function addressLine(address: Partial<Omit<SavedAddress, "country">> & { country?: string }): string {
  return [address.company, address.address1, address.address2, address.town, address.county, address.postcode, address.country === "Other" ? "" : undefined]
    .map((part) => (part ?? "").trim())
    .filter(Boolean)
    .join(", ");
}
