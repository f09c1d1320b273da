import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AddressLookupError, MAX_SUGGESTION_ID_LENGTH, type LookupContext, type UkAddress } from "../../integrations/address";
import { bearerToken } from "../../plugins/auth";
import { savedAddressSchema } from "../../../domain/address";
import { errorBody } from "../../front-door/errors";
import { replies } from "../schemas";
import { declare } from "../declare";
import { notFound } from "../failure";

/** A found address: the saved-address shape without the names, always in the UK. */
const foundAddressSchema = savedAddressSchema.omit({ first_name: true, last_name: true, instructions: true }).extend({ country: z.literal("United Kingdom") });
export const suggestionsAnswer = z.object({ suggestions: z.array(z.object({ id: z.string(), text: z.string() })) });
export const foundAddressAnswer = z.object({ address: foundAddressSchema });
/** What was typed so far. */
export const suggestBody = z.object({ query: z.string().max(100) });
/** A suggestion's id. */
export const resolveBody = z.object({ id: z.string().min(1).max(MAX_SUGGESTION_ID_LENGTH) });

/**
 * Address autocomplete at checkout (docs/decisions/010-payment-and-address-providers.md). Guests may use it (they have no account yet); a
 * signed-in customer's own saved addresses are suggested first. The query and id travel in the body, so
 * what people type into an address box never lands in an access log.
 */
export async function addressRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services } = app;

  async function context(request: FastifyRequest): Promise<LookupContext> {
    const token = bearerToken(request);
    const user = token ? await services.accounts.authenticate(token) : null;
    if (!user) return { knownAddresses: [] };
    const saved = await services.accounts.addresses(user.userId);
    const knownAddresses: UkAddress[] = [saved.billing, saved.delivery]
      .filter((a) => a !== null && a.country === "United Kingdom")
      .map((a) => ({ company: a!.company, address1: a!.address1, address2: a!.address2, town: a!.town, county: a!.county, postcode: a!.postcode, country: "United Kingdom" }));
    return { knownAddresses };
  }

  const unavailable = (request: FastifyRequest, error: unknown) => {
    if (!(error instanceof AddressLookupError)) throw error;
    request.log.warn({ detail: error.detail, status: error.status }, "address lookup failed");
    return errorBody(error.message, 503);
  };

  app.post(
    "/address/suggest",
    declare({ auth: "public", tag: "checkout", limit: { max: 120, timeWindow: "1 minute" }, summary: "Up to 10 UK address suggestions for what was typed (after more than 2 characters)" }, { body: suggestBody, response: replies({ 200: suggestionsAnswer }, 400, 429, 503) }),
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      try {
        return { suggestions: await services.addressLookup.suggest(request.body.query, await context(request)) };
      } catch (error) {
        return reply.status(503).send(unavailable(request, error));
      }
    },
  );

  app.post(
    "/address/resolve",
    declare({ auth: "public", tag: "checkout", limit: { max: 60, timeWindow: "1 minute" }, summary: "The full address behind a suggestion" }, { body: resolveBody, response: replies({ 200: foundAddressAnswer }, 400, 404, 429, 503) }),
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      try {
        const address = await services.addressLookup.resolve(request.body.id, await context(request));
        if (!address) return notFound(reply, "That address could not be found. Please type it in.");
        return { address: { company: "", ...address } };
      } catch (error) {
        return reply.status(503).send(unavailable(request, error));
      }
    },
  );
}
