// Staff accounts: made (or given a new role), listed and removed. Every change is one transaction with
// whatever the caller records beside it (the audit entry), and a change of role or a removal ends the
// person's sessions in that same transaction, so their next request is refused at once.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { emailKey } from "../../domain/account";
import { isStaffRole, STAFF_ROLES, type StaffRole } from "../../domain/roles";
import { failure, type Outcome } from "./outcome";
import type { AuthUser } from "./sessions";

type Within<T> = (tx: Tx, result: T) => Promise<void>;
export type StaffAdded = {
  link: string;
  created: boolean;
  userId: number;
  previousRole: StaffRole | null;
};
export type StaffChanged = {
  userId: number;
  email: string;
  previousRole: StaffRole;
};

export type StaffAccounts = {
  /** Makes (or finds, and gives the role to) a staff account and answers a single-use link to set its password. */
  addStaff(
    email: string,
    role?: StaffRole,
    within?: Within<StaffAdded>,
  ): Promise<Outcome<StaffAdded>>;
  /** Production staff and managers, by email. */
  listStaff(): Promise<
    {
      userId: number;
      email: string;
      firstname: string;
      role: StaffRole;
      hasPassword: boolean;
      createdAt: Date;
    }[]
  >;
  /** Gives a member of staff another role; their sessions end (they sign in again with the new one). */
  changeStaffRole(
    userId: number,
    role: StaffRole,
    within?: Within<StaffChanged>,
  ): Promise<Outcome<StaffChanged>>;
  /** Removes a staff account and everything signed in with it (by id, from the Team page). */
  removeStaffMember(
    userId: number,
    within?: Within<StaffChanged>,
  ): Promise<Outcome<StaffChanged>>;
  /** Removes a staff account and everything signed in with it (by email, from the command line). */
  removeStaff(email: string): Promise<{ ok: boolean; message: string }>;
};

export type StaffAccountDeps = {
  db: Db;
  writePasswordLink: (
    tx: Tx,
    userId: number,
    options: { email?: boolean; forStaff?: boolean },
  ) => Promise<string>;
  forgetSessions: (match: (user: AuthUser) => boolean) => void;
  kick: () => void;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createStaffAccounts(deps: StaffAccountDeps): StaffAccounts {
  const { db, writePasswordLink, forgetSessions } = deps;
  const endSessions = (tx: Tx, userId: number) =>
    tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

  /** The staff member's row, locked for the change (null when there is none, or it is a customer's). */
  async function lockedStaff(tx: Tx, userId: number) {
    const [row] = await tx
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    return row && isStaffRole(row.role) ? { ...row, role: row.role } : null;
  }

  return {
    async addStaff(email, role = "staff", within) {
      const address = email.trim();
      if (!EMAIL.test(address))
        return failure("invalid", `Not an email address: ${address}`);
      const outcome = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: users.id, role: users.role })
          .from(users)
          .where(sql`lower(${users.email}) = ${emailKey(address)}`)
          .for("update");
        if (existing && !isStaffRole(existing.role))
          return failure(
            "conflict",
            `${address} belongs to a customer account. Staff need an address of their own.`,
          );
        let userId = existing?.id;
        if (!userId) {
          const local = address
            .split("@")[0]!
            .replace(/[._-]+/g, " ")
            .trim();
          const [created] = await tx
            .insert(users)
            .values({
              firstname: local.charAt(0).toUpperCase() + local.slice(1),
              lastname: "(staff)",
              email: address,
              telephone: "",
              passwordHash: null,
              role,
              site: "staff",
            })
            .returning({ id: users.id });
          userId = created!.id;
        } else if (existing!.role !== role) {
          await tx
            .update(users)
            .set({ role, updatedAt: new Date() })
            .where(eq(users.id, userId));
          await endSessions(tx, userId);
        }
        const link = await writePasswordLink(tx, userId, {
          email: true,
          forStaff: true,
        });
        const added: StaffAdded = {
          link,
          created: !existing,
          userId,
          previousRole:
            existing && isStaffRole(existing.role) ? existing.role : null,
        };
        await within?.(tx, added);
        return { ok: true as const, ...added };
      });
      if (outcome.ok) {
        forgetSessions((user) => user.userId === outcome.userId);
        deps.kick();
      }
      return outcome;
    },

    async listStaff() {
      const rows = await db
        .select({
          userId: users.id,
          email: users.email,
          firstname: users.firstname,
          role: users.role,
          passwordHash: users.passwordHash,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(inArray(users.role, [...STAFF_ROLES]))
        .orderBy(asc(users.email));
      return rows.flatMap(({ passwordHash, role, ...row }) =>
        isStaffRole(role)
          ? [{ ...row, role, hasPassword: passwordHash !== null }]
          : [],
      );
    },

    async changeStaffRole(userId, role, within) {
      const outcome = await db.transaction(async (tx) => {
        const member = await lockedStaff(tx, userId);
        if (!member)
          return failure("not-found", "No such member of staff");
        if (member.role === role)
          return failure(
            "conflict",
            `${member.email} is already ${role === "manager" ? "a manager" : "production staff"}.`,
          );
        await tx
          .update(users)
          .set({ role, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await endSessions(tx, userId);
        const changed: StaffChanged = {
          userId,
          email: member.email,
          previousRole: member.role,
        };
        await within?.(tx, changed);
        return { ok: true as const, ...changed };
      });
      if (outcome.ok) forgetSessions((user) => user.userId === userId);
      return outcome;
    },

    async removeStaffMember(userId, within) {
      const outcome = await db
        .transaction(async (tx) => {
          const member = await lockedStaff(tx, userId);
          if (!member)
            return failure("not-found", "No such member of staff");
          const changed: StaffChanged = {
            userId,
            email: member.email,
            previousRole: member.role,
          };
          await within?.(tx, changed);
          // Sessions and reset links go with the account (cascade); order history keeps the events, unnamed.
          await tx.delete(users).where(eq(users.id, userId));
          return { ok: true as const, ...changed };
        })
        .catch((error: unknown) => {
          // An upload still in progress under the account holds it: said plainly, nothing changed.
          if (
            (error as { code?: string }).code === "23503" ||
            (error as { cause?: { code?: string } }).cause?.code === "23503"
          ) {
            return failure(
              "conflict",
              "This account still has an upload in progress; try again once it has finished.",
            );
          }
          throw error;
        });
      if (outcome.ok) forgetSessions((user) => user.userId === userId);
      return outcome;
    },

    async removeStaff(email) {
      const [row] = await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(sql`lower(${users.email}) = ${emailKey(email)}`)
        .limit(1);
      if (!row || !isStaffRole(row.role))
        return { ok: false, message: `No staff account for ${email.trim()}` };
      const removed = await this.removeStaffMember(row.id);
      return removed.ok
        ? { ok: true, message: `Removed staff account ${email.trim()}` }
        : { ok: false, message: removed.message };
    },
  };
}
