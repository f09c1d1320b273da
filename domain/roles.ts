// Who an account is. Customers buy; production staff run the console; managers also run the back office
// (catalogue, prices, promotions, the team). Every check of a role reads these, nowhere else.
export const USER_ROLES = ["user", "staff", "manager"] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const STAFF_ROLES = ["staff", "manager"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Production staff and managers: the console is theirs. */
export function isStaffRole(role: string): role is StaffRole {
  return role === "staff" || role === "manager";
}

/** Managers only: the back office. */
export function isManagerRole(role: string): role is "manager" {
  return role === "manager";
}

export const ROLE_LABELS: Record<StaffRole, string> = { staff: "Production staff", manager: "Manager" };

/**
 * Who did something, as a history line names them: the person's name and email, never just their role.
 * Accounts made by `npm run staff` or an invitation carry "(staff)" as a surname placeholder, left out.
 */
export function personLabel(person: { firstname: string; lastname: string; email: string } | null, actor: string): string {
  if (!person) return actor === "staff" || actor === "customer" ? `${actor} (account removed)` : actor;
  const name = [person.firstname, person.lastname].map((part) => part.trim()).filter((part) => part !== "" && part !== "(staff)").join(" ");
  return name ? `${name} (${person.email})` : person.email;
}
