// Customer account forms: one zod schema per form, used by the page as the customer types and again by
// the API handler. Messages are the spec's exact texts (sections 5 and 8) where the spec names one.
import { z } from "zod";
import { isCommonPassword } from "./common-passwords";

export const TITLES = ["Mr", "Mrs", "Miss", "Ms", "Dr"] as const;
export type Title = (typeof TITLES)[number];

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;

export const ACCOUNT_MESSAGES = {
  firstnameRequired: "Firstname is required",
  lastnameRequired: "Lastname is required",
  emailRequired: "Email is required",
  emailInvalid: "Enter a valid email address",
  telephoneRequired: "Telephone is required",
  telephoneInvalid: "Enter a valid UK mobile number",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 6 characters",
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordCommon: "This password is too common. Please choose one that is harder to guess.",
  confirmRequired: "Confirm Password is required",
  passwordsDiffer: "Passwords do not match",
  tooLong: "This is too long",
  titleInvalid: "Choose Mr, Mrs, Miss, Ms or Dr",
  // Server answers
  duplicateEmail: "An account with this email already exists.",
  signupFailed: "Signup failed",
  loginFailed: "Login failed",
  loginFailedAfterSignup: "Login failed after signup.",
  badCredentials: "Incorrect email or password.",
  signInLinkSent:
    "For your security, this account needs a one-time link to sign in just now: someone has been trying wrong passwords on it. We have emailed you the link.",
  networkError: "Network error. Please try again.",
  signInRequired: "Please sign in to continue.",
  detailsUpdated: "Account details updated!",
  detailsFailed: "Failed to update account details.",
  fixFields: "Please correct the highlighted fields.",
  resetSent: "If an account exists for that email, we have sent a link to choose a new password. It works once, for one hour.",
  resetInvalid: "This link has expired or has already been used. Please ask for a new one.",
  resetDone: "Your new password is saved. You are signed in, and signed out everywhere else.",
} as const;

/** Spec section 5: +44 7xxx or 07xxx, then 3 + 3 digits (spaces allowed between the groups). */
const UK_MOBILE = /^(?:\+44\s?7\d{3}|07\d{3})\s?\d{3}\s?\d{3}$/;

export function isUkMobile(value: string): boolean {
  return UK_MOBILE.test(value.trim());
}

const requiredText = (required: string, max = 100) =>
  z.string({ error: required }).trim().min(1, required).max(max, ACCOUNT_MESSAGES.tooLong);

export const emailField = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.emailRequired)
  .max(254, ACCOUNT_MESSAGES.tooLong)
  .regex(z.regexes.email, ACCOUNT_MESSAGES.emailInvalid);

export const telephoneField = z
  .string({ error: ACCOUNT_MESSAGES.telephoneRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.telephoneRequired)
  .refine(isUkMobile, ACCOUNT_MESSAGES.telephoneInvalid);

/** A new password: long enough, not absurdly long, and not one of the passwords attackers try first. */
export const newPasswordField = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, ACCOUNT_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong)
  .refine((password) => !isCommonPassword(password), ACCOUNT_MESSAGES.passwordCommon);

const titleField = z
  .preprocess((value) => (value === "" || value === null ? undefined : value), z.enum(TITLES, { error: ACCOUNT_MESSAGES.titleInvalid }).optional());

/** POST /api/auth/signup. `role` is accepted for the spec's clients and ignored: every sign-up is a customer. */
export const signupRequestSchema = z.object({
  title: titleField,
  firstname: requiredText(ACCOUNT_MESSAGES.firstnameRequired),
  lastname: requiredText(ACCOUNT_MESSAGES.lastnameRequired),
  email: emailField,
  telephone: telephoneField,
  password: newPasswordField,
  role: z.string().max(50).optional(),
  site: z.string().max(100).optional(),
});
export type SignupRequest = z.output<typeof signupRequestSchema>;

/** The sign-up page: the request plus the confirmation the browser checks. */
export const signupFormSchema = signupRequestSchema
  .extend({ confirmPassword: z.string({ error: ACCOUNT_MESSAGES.confirmRequired }).min(1, ACCOUNT_MESSAGES.confirmRequired) })
  .refine((form) => form.confirmPassword === "" || form.password === form.confirmPassword, {
    path: ["confirmPassword"],
    message: ACCOUNT_MESSAGES.passwordsDiffer,
  });

export const loginRequestSchema = z.object({
  email: z.string({ error: ACCOUNT_MESSAGES.emailRequired }).trim().min(1, ACCOUNT_MESSAGES.emailRequired).max(254, ACCOUNT_MESSAGES.tooLong),
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
});
export type LoginRequest = z.output<typeof loginRequestSchema>;

/** PUT /api/user/me and the details page. */
export const detailsSchema = z.object({
  title: titleField,
  firstname: requiredText(ACCOUNT_MESSAGES.firstnameRequired),
  lastname: requiredText(ACCOUNT_MESSAGES.lastnameRequired),
  email: emailField,
  telephone: telephoneField,
});
export type Details = z.output<typeof detailsSchema>;

export const passwordResetRequestSchema = z.object({ email: emailField });

export const passwordResetConfirmSchema = z.object({
  token: z.string().min(20).max(200),
  password: newPasswordField,
});

export const newPasswordFormSchema = z
  .object({
    password: newPasswordField,
    confirmPassword: z.string({ error: ACCOUNT_MESSAGES.confirmRequired }).min(1, ACCOUNT_MESSAGES.confirmRequired),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], message: ACCOUNT_MESSAGES.passwordsDiffer });

/** Field → first message, for showing errors beside their fields (browser and API alike). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    found[key] ??= issue.message;
  }
  return found;
}

/** Lower-case, trimmed: the form an email is compared in (unique regardless of case). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
