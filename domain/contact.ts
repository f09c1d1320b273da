import { z } from "zod";

export const CONTACT_LIMITS = { name: 200, email: 320, subject: 200, message: 5000, website: 500 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be ${CONTACT_LIMITS.name} characters or fewer`,
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  emailTooLong: `Email must be ${CONTACT_LIMITS.email} characters or fewer`,
  subjectTooLong: `Subject must be ${CONTACT_LIMITS.subject} characters or fewer`,
  messageRequired: "Message is required",
  messageTooLong: `Message must be ${CONTACT_LIMITS.message} characters or fewer`,
  sent: "Message sent!",
  failed: "Failed to send message.",
  networkError: "Error sending message.",
} as const;

/** Line breaks and other control characters would let a value start a new mail header. */
export function headerSafe(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
}

/** The contact form, as the browser validates it and as POST /api/email/contact accepts it. */
export const contactFormSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.nameRequired })
    .overwrite(headerSafe)
    .min(1, CONTACT_MESSAGES.nameRequired)
    .max(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  email: z
    .string({ error: CONTACT_MESSAGES.emailRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .max(CONTACT_LIMITS.email, CONTACT_MESSAGES.emailTooLong)
    .regex(z.regexes.email, CONTACT_MESSAGES.emailInvalid),
  subject: z
    .string({ error: "Subject must be text" })
    .overwrite(headerSafe)
    .max(CONTACT_LIMITS.subject, CONTACT_MESSAGES.subjectTooLong)
    .optional(),
  message: z
    .string({ error: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .max(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
  /** Honeypot: hidden from people, so only bots fill it in. */
  website: z.string().max(CONTACT_LIMITS.website).optional(),
});

export type ContactForm = z.output<typeof contactFormSchema>;

/** A filled honeypot: answer as if all went well, keep nothing. */
export function isLikelySpam(form: Pick<ContactForm, "website">): boolean {
  return (form.website ?? "").trim() !== "";
}
