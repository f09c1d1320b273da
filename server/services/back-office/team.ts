// Managers' team: invite production staff or managers (or change a member's role). The account and its
// single-use set-password email are made by the account service, exactly as `npm run staff -- add` does.
import type { Db } from "../../../db/client";
import { ROLE_LABELS, type StaffRole } from "../../../domain/roles";
import type { AccountService } from "../account-service";
import { failure, type Outcome } from "../outcome";
import { recordAudit, type Actor } from "./audit";

export type Team = {
  invite: (email: string, role: StaffRole, actor: Actor) => Promise<Outcome<{ message: string }>>;
};

export function createTeam(deps: { db: Db; accounts: AccountService }): Team {
  const { db, accounts } = deps;
  return {
    async invite(email, role, actor) {
      if (email.toLowerCase() === actor.email.toLowerCase() && role !== "manager") {
        return failure("conflict", "You cannot take away your own manager role; ask another manager.");
      }
      const result = await accounts.addStaff(email, role);
      if (!result.ok) return failure("conflict", result.message);
      const label = ROLE_LABELS[role].toLowerCase();
      const summary = result.created
        ? `Invited ${email} as ${label}`
        : result.previousRole !== role
          ? `${email} is now ${label === "manager" ? "a manager" : "production staff"} (was ${result.previousRole ?? "none"})`
          : `Sent ${email} a new set-password link`;
      // The account is written by the account service; its entry follows in a transaction of its own.
      await db.transaction((tx) =>
        recordAudit(tx, actor, { action: "staff.invite", entityType: "staff", entityId: String(result.userId), summary, before: result.previousRole ? { role: result.previousRole } : null, after: { email, role } }),
      );
      return { ok: true, message: `${summary}. They have been emailed a single-use link to set their password (it expires in one hour).` };
    },
  };
}
