// Managers' team: invite production staff or managers, change a member's role, remove a member. The
// account is written by the account service, exactly as `npm run staff -- add` does; the audit entry is
// written in the same transaction as the change, and a change of role or a removal ends the member's
// sessions in that transaction too.
import { ROLE_LABELS, type StaffRole } from "../../../domain/roles";
import type { AccountService } from "../account-service";
import { failure, type Outcome } from "../outcome";
import { recordAudit, type Actor } from "./audit";

export type Team = {
  invite: (email: string, role: StaffRole, actor: Actor) => Promise<Outcome<{ message: string }>>;
  changeRole: (userId: number, role: StaffRole, actor: Actor) => Promise<Outcome<{ message: string }>>;
  remove: (userId: number, actor: Actor) => Promise<Outcome<{ message: string }>>;
};

const roleWords = (role: StaffRole) => (role === "manager" ? "a manager" : "production staff");

export function createTeam(deps: { accounts: AccountService }): Team {
  const { accounts } = deps;
  return {
    async invite(email, role, actor) {
      if (email.toLowerCase() === actor.email.toLowerCase() && role !== "manager") {
        return failure("conflict", "You cannot take away your own manager role; ask another manager.");
      }
      let summary = "";
      const result = await accounts.addStaff(email, role, async (tx, added) => {
        summary = added.created
          ? `Invited ${email} as ${ROLE_LABELS[role].toLowerCase()}`
          : added.previousRole !== role
            ? `${email} is now ${roleWords(role)} (was ${added.previousRole ?? "none"})`
            : `Sent ${email} a new set-password link`;
        await recordAudit(tx, actor, { action: "staff.invite", entityType: "staff", entityId: String(added.userId), summary, before: added.previousRole ? { role: added.previousRole } : null, after: { email, role } });
      });
      if (!result.ok) return result;
      return { ok: true, message: `${summary}. They have been emailed a single-use link to set their password (it expires in one hour).` };
    },

    async changeRole(userId, role, actor) {
      if (userId === actor.userId) return failure("conflict", "You cannot change your own role; ask another manager.");
      let summary = "";
      const result = await accounts.changeStaffRole(userId, role, async (tx, changed) => {
        summary = `${changed.email} is now ${roleWords(role)} (was ${changed.previousRole})`;
        await recordAudit(tx, actor, { action: "staff.role", entityType: "staff", entityId: String(userId), summary, before: { email: changed.email, role: changed.previousRole }, after: { email: changed.email, role } });
      });
      if (!result.ok) return result;
      return { ok: true, message: `${summary}. They have been signed out and sign in again with the new role.` };
    },

    async remove(userId, actor) {
      if (userId === actor.userId) return failure("conflict", "You cannot remove yourself; ask another manager.");
      let summary = "";
      const result = await accounts.removeStaffMember(userId, async (tx, removed) => {
        summary = `Removed ${removed.email} (${roleWords(removed.previousRole)}) from the team`;
        await recordAudit(tx, actor, { action: "staff.remove", entityType: "staff", entityId: String(userId), summary, before: { email: removed.email, role: removed.previousRole }, after: null });
      });
      if (!result.ok) return result;
      return { ok: true, message: `${summary}. Their sessions have ended.` };
    },
  };
}
