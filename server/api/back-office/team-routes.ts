import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { STAFF_ROLES } from "../../../domain/roles";
import { requireUser } from "../../plugins/auth";
import { actorOf, AUDIT_ENTITY_TYPES, auditPeople, listAudit } from "../../services/back-office/audit";
import { sendFailure } from "../failure";
import { idParams, replies, rowIdString } from "../schemas";
import { declare } from "../declare";

const iso = (d: Date) => d.toISOString();
const isoDay = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${what} is not a real date`);

export const auditAnswer = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      actorEmail: z.string(),
      createdAt: z.string(),
      action: z.string(),
      entityType: z.string(),
      entityId: z.string(),
      summary: z.string(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
  nextBefore: z.number().int().nullable(),
  /** Everyone who has an entry, for the filter by person. */
  people: z.array(z.string()),
});
export const staffListAnswer = z.object({
  staff: z.array(z.object({ userId: z.number().int(), email: z.string(), firstname: z.string(), role: z.enum(STAFF_ROLES), hasPassword: z.boolean(), createdAt: z.string() })),
});
export const staffInvitedAnswer = z.object({ success: z.literal(true), message: z.string() });
export const staffInviteBody = z.object({ email: z.string().trim().max(254).email("Enter a valid email address"), role: z.enum(STAFF_ROLES) });
export const staffRoleBody = z.object({ role: z.enum(STAFF_ROLES, { error: `role must be one of: ${STAFF_ROLES.join(", ")}` }) });

/** The team and the audit log: managers only (production staff and customers get 404, nobody signed in 401). */
export async function teamRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { accounts, team } = services;
  const actor = (request: FastifyRequest) => actorOf(services.db.db, requireUser(request).userId);

  app.get(
    "/manage/audit",
    declare({ auth: "manager", tag: "back office", summary: "The audit log, newest first: every back-office change with who, when, and before and after. Filters: person (email), kind, from and to (UK days)" }, {
      querystring: z
        .object({
          before: rowIdString("before").optional(),
          entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
          entityId: z.string().max(20).optional(),
          person: z.string().trim().max(254).optional(),
          from: isoDay("from").optional(),
          to: isoDay("to").optional(),
        })
        .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "to must not be before from", path: ["to"] }),
      response: replies({ 200: auditAnswer }, 400, 401, 404),
    }),
    async (request) => {
      const q = request.query;
      const [page, people] = await Promise.all([
        listAudit(services.db.db, { beforeId: q.before as number | undefined, entityType: q.entityType, entityId: q.entityId, person: q.person || undefined, from: q.from, to: q.to }),
        auditPeople(services.db.db),
      ]);
      return { entries: page.entries.map((e) => ({ ...e, createdAt: iso(e.createdAt) })), nextBefore: page.nextBeforeId, people };
    },
  );

  app.get(
    "/manage/staff",
    declare({ auth: "manager", tag: "back office", summary: "Production staff and managers" }, { response: replies({ 200: staffListAnswer }, 401, 404) }),
    async () => ({ staff: (await accounts.listStaff()).map((s) => ({ ...s, createdAt: iso(s.createdAt) })) }),
  );

  app.post(
    "/manage/staff",
    declare({ auth: "manager", tag: "back office", summary: "Invites a member of staff (or changes their role): they are emailed a single-use link to set a password" }, {
      body: staffInviteBody,
      response: replies({ 200: staffInvitedAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const result = await team.invite(request.body.email, request.body.role, await actor(request));
      return result.ok ? { success: true as const, message: result.message } : sendFailure(reply, result);
    },
  );

  app.post(
    "/manage/staff/:userId/role",
    declare({ auth: "manager", tag: "back office", summary: "Gives a member of staff another role; their sessions end at once (recorded in the audit log)" }, {
      params: idParams("userId"),
      body: staffRoleBody,
      response: replies({ 200: staffInvitedAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const result = await team.changeRole(request.params.userId as number, request.body.role, await actor(request));
      return result.ok ? { success: true as const, message: result.message } : sendFailure(reply, result);
    },
  );

  app.post(
    "/manage/staff/:userId/remove",
    declare({ auth: "manager", tag: "back office", summary: "Removes a member of staff; their sessions end at once (recorded in the audit log)" }, {
      params: idParams("userId"),
      response: replies({ 200: staffInvitedAnswer }, 401, 404, 409),
    }),
    async (request, reply) => {
      const result = await team.remove(request.params.userId as number, await actor(request));
      return result.ok ? { success: true as const, message: result.message } : sendFailure(reply, result);
    },
  );
}
