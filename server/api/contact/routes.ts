import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CONTACT_MESSAGES, contactFormSchema } from "../../../domain/contact";
import { replies } from "../schemas";
import { declare } from "../declare";

export const contactSentAnswer = z.object({ success: z.boolean(), message: z.string() });

export async function contactRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services } = app;

  app.post(
    "/email/contact",
    declare({ auth: "public", tag: "contact", limit: { max: 5, timeWindow: "10 minutes" }, summary: "Sends a contact-form message to the shop, with an acknowledgement to the customer" }, { body: contactFormSchema, response: replies({ 200: contactSentAnswer }, 400, 429) }),
    async (request) => {
      // A filled honeypot gets the same answer as a real message, so bots learn nothing.
      await services.contact.submit(request.body);
      return { success: true, message: CONTACT_MESSAGES.sent };
    },
  );
}
