import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ACCOUNT_MESSAGES,
  detailsSchema,
  loginRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signupRequestSchema,
} from "../../../domain/account";
import { checkoutAddressRequestSchema, savedAddressSchema } from "../../../domain/address";
import { isOwnId, requireUser } from "../../plugins/auth";
import { SESSION_DAYS } from "../../services/account-service";
import { doneWithMessageAnswer, replies } from "../schemas";
import { declare } from "../declare";
import { notFound, sendFailure } from "../failure";

const contactSchema = z.object({
  title: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  telephone: z.string(),
});

/**
 * The staff console's documents are served only to staff, so they need the session without JavaScript:
 * the token also travels in an HttpOnly, SameSite=Strict cookie. Only the /staff pages read it (a /staff
 * path alone would miss React Router's /staff.data requests); everything else ignores it, so catalogue
 * pages stay anonymous and cacheable, and the API still takes only the bearer header (no CSRF).
 */
export const STAFF_COOKIE = "session";
export function sessionCookie(request: FastifyRequest, token: string | null): string {
  const secure = request.protocol === "https" ? "; Secure" : "";
  const value = token ? `${token}; Max-Age=${SESSION_DAYS * 86_400}` : "; Max-Age=0";
  return `${STAFF_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict${secure}`;
}

export const sessionAnswer = z.object({ token: z.string(), userId: z.number().int() });
export const meAnswer = contactSchema.extend({ userId: z.number().int(), role: z.string() });
export const savedAddressesAnswer = z.object({ billing: savedAddressSchema.nullable(), delivery: savedAddressSchema.nullable(), contact: contactSchema });
export const passwordResetDoneAnswer = sessionAnswer.extend({ message: z.string() });

export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { accounts } = services;

  app.post(
    "/auth/signup",
    declare({ auth: "public", tag: "accounts", limit: { max: 20, timeWindow: "10 minutes" }, summary: "Creates a customer account and signs it in. `role` is ignored: every sign-up is a customer." }, { body: signupRequestSchema, response: replies({ 201: sessionAnswer }, 400, 409, 429) }),
    async (request, reply) => {
      const result = await accounts.signup(request.body);
      if (!result.ok) return sendFailure(reply, result);
      reply.header("cache-control", "no-store");
      reply.header("set-cookie", sessionCookie(request, result.token));
      return reply.status(201).send({ userId: result.userId, token: result.token });
    },
  );

  app.post(
    "/auth/login",
    // A coarse cap on all attempts; failed ones are also counted per account and address in the database.
    declare({ auth: "public", tag: "accounts", limit: { max: 60, timeWindow: "1 minute" }, summary: "Signs in with email and password; answers a bearer token" }, { body: loginRequestSchema, response: replies({ 200: sessionAnswer }, 400, 401, 403, 429) }),
    async (request, reply) => {
      const { email, password } = request.body;
      const result = await accounts.login(email, password, request.ip);
      reply.header("cache-control", "no-store");
      if (result.ok) {
        reply.header("set-cookie", sessionCookie(request, result.token));
        return { token: result.token, userId: result.userId };
      }
      if (result.retryAfterSeconds !== undefined) reply.header("retry-after", String(result.retryAfterSeconds));
      return sendFailure(reply, result);
    },
  );

  app.post(
    "/auth/logout",
    declare({ auth: "customer", tag: "accounts", summary: "Revokes this token on the server" }, { response: replies({ 200: doneWithMessageAnswer }, 401) }),
    async (request, reply) => {
      await accounts.logout(requireUser(request).sessionId);
      reply.header("set-cookie", sessionCookie(request, null));
      return { success: true as const, message: "Signed out" };
    },
  );

  app.get(
    "/auth/me",
    declare({ auth: "customer", tag: "accounts", summary: "The signed-in account's contact details" }, { response: replies({ 200: meAnswer }, 401, 404) }),
    async (request, reply) => {
      const user = requireUser(request);
      const contact = await accounts.contact(user.userId);
      if (!contact) return notFound(reply);
      return { userId: user.userId, ...contact };
    },
  );

  app.put(
    "/user/me",
    declare({ auth: "customer", tag: "accounts", summary: "Updates the signed-in account's contact details" }, { body: detailsSchema, response: replies({ 200: doneWithMessageAnswer }, 400, 401, 404, 409) }),
    async (request, reply) => {
      const result = await accounts.updateDetails(requireUser(request).userId, request.body);
      if (result.ok) return { success: true as const, message: ACCOUNT_MESSAGES.detailsUpdated };
      return sendFailure(reply, result);
    },
  );

  app.get(
    "/user/address/:userId",
    declare({ auth: "customer", tag: "accounts", summary: "The customer's saved billing and delivery addresses and contact details" }, { params: z.object({ userId: z.string().max(20) }), response: replies({ 200: savedAddressesAnswer }, 401, 404) }),
    async (request, reply) => {
      if (!isOwnId(request, request.params.userId)) return notFound(reply);
      const userId = requireUser(request).userId;
      const [contact, saved] = await Promise.all([accounts.contact(userId), accounts.addresses(userId)]);
      if (!contact) return notFound(reply);
      const { role: _role, ...details } = contact;
      return { ...saved, contact: details };
    },
  );

  app.post(
    "/checkout/address",
    declare({ auth: "customer", tag: "accounts", summary: "Saves the customer's billing and/or delivery address (the web client sends only what changed)" }, { body: checkoutAddressRequestSchema, response: replies({ 200: doneWithMessageAnswer }, 400, 401, 404) }),
    async (request, reply) => {
      const { userId, billing, delivery } = request.body;
      if (!isOwnId(request, userId)) return notFound(reply);
      if (billing) await accounts.saveAddress(userId, "billing", billing);
      if (delivery) await accounts.saveAddress(userId, "delivery", delivery);
      return { success: true as const, message: "Address saved" };
    },
  );

  app.post(
    "/auth/password-reset",
    declare({ auth: "public", tag: "accounts", limit: { max: 5, timeWindow: "15 minutes" }, summary: "Emails a single-use link to choose a new password (the same answer whether or not the account exists)" }, { body: passwordResetRequestSchema, response: replies({ 202: doneWithMessageAnswer }, 400, 429) }),
    async (request, reply) => {
      await accounts.requestPasswordReset(request.body.email);
      return reply.status(202).send({ success: true as const, message: ACCOUNT_MESSAGES.resetSent });
    },
  );

  app.post(
    "/auth/password-reset/confirm",
    declare({ auth: "public", tag: "accounts", limit: { max: 10, timeWindow: "15 minutes" }, summary: "Sets a new password with the emailed token; signs out every other session and answers a new token" }, { body: passwordResetConfirmSchema, response: replies({ 200: passwordResetDoneAnswer }, 400, 429) }),
    async (request, reply) => {
      const result = await accounts.confirmPasswordReset(request.body.token, request.body.password);
      reply.header("cache-control", "no-store");
      if (!result.ok) return sendFailure(reply, result);
      reply.header("set-cookie", sessionCookie(request, result.token));
      return { token: result.token, userId: result.userId, message: ACCOUNT_MESSAGES.resetDone };
    },
  );
}
