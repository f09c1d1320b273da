// What every part of the account service shares (server/services/account-service.ts): its dependencies,
// the session store, the one password limit (passwords.ts), set-password links, and finding a user by email.
import { sql } from "drizzle-orm";
import { users } from "../../../db/schema";
import { emailKey } from "../../../domain/account";
import { createSessionStore } from "../sessions";
import type { AccountServiceDeps } from "./account-types";
import { passwordLinkWriter } from "./password-link";
import { createPasswords } from "./passwords";

export type AccountContext = ReturnType<typeof accountContext>;

export function accountContext(deps: AccountServiceDeps) {
  const { db, shop, publicUrl, sender } = deps;
  const sessionStore = createSessionStore(db, { cacheSessions: deps.cacheSessions });

  async function findUserByEmail(email: string) {
    const [row] = await db
      .select({ id: users.id, passwordHash: users.passwordHash, role: users.role, firstname: users.firstname })
      .from(users)
      .where(sql`lower(${users.email}) = ${emailKey(email)}`)
      .limit(1);
    return row ?? null;
  }

  return {
    db,
    sender,
    sessionStore,
    openSession: sessionStore.open,
    forgetSessions: sessionStore.forget,
    passwords: createPasswords(deps.passwordHashing),
    writePasswordLink: passwordLinkWriter(shop, publicUrl),
    findUserByEmail,
  };
}
