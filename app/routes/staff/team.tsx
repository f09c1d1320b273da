import { useCallback, useState } from "react";
import { formatUkDate } from "../../../domain/format";
import { ROLE_LABELS, type StaffRole } from "../../../domain/roles";
import { TextField } from "../../components/form-field";
import { LoadingState } from "../../components/loading-state";
import { errorMessage } from "../../lib/api-client";
import { changeStaffRole, fetchStaff, inviteStaff, removeStaff, type StaffMember } from "../../lib/back-office-api";
import { managerOnly } from "../../lib/staff-document";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/team";

export const loader = managerOnly;
export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });
export const meta: Route.MetaFunction = () => [{ title: "Team | Printwise back office" }, { name: "robots", content: "noindex" }];


/** Production staff and managers; a manager invites someone (or changes their role) by email. */
export default function TeamPage() {
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("staff");
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The signed-in manager: the server refuses them changing or removing themselves, so their row offers neither.
  const [me, setMe] = useState<string | null>(null);
  const load = useCallback((signal?: AbortSignal) => fetchStaff(signal).then((a) => setStaff(a.staff), (e: unknown) => (e as Error).name !== "AbortError" && setStatus({ ok: false, text: errorMessage(e) })), []);
  useSignedInLoad((userId, signal) => {
    setMe(userId);
    void load(signal);
  });

  return (
    <section aria-labelledby="team-heading" className="max-w-4xl">
      <h1 id="team-heading" className="text-2xl font-bold">Team</h1>
      <p className="mt-1 text-sm text-slate-600">Production staff use the console; managers also run prices, promotions and the team. Each new member is emailed a single-use link to set a password.</p>
      <form
        method="post"
        aria-label="Invite a member of staff"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          try {
            const answer = await inviteStaff(email, role);
            setStatus({ ok: true, text: answer.message });
            setEmail("");
            await load();
          } catch (error) {
            setStatus({ ok: false, text: errorMessage(error) });
          } finally {
            setBusy(false);
          }
        }}
      >
        <TextField label="Email" name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="off" className="min-w-[16rem] flex-1" />
        <div>
          <label htmlFor="invite-role" className="field-label">Role</label>
          <select id="invite-role" className="field-input" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            <option value="staff">{ROLE_LABELS.staff}</option>
            <option value="manager">{ROLE_LABELS.manager}</option>
          </select>
        </div>
        <button type="submit" className="btn-primary" disabled={busy || email.trim() === ""}>
          {busy ? "Sending..." : "Invite"}
        </button>
      </form>
      {status ? <p role={status.ok ? "status" : "alert"} className={`mt-3 text-sm font-semibold ${status.ok ? "text-green-800" : "text-red-800"}`}>{status.text}</p> : null}
      {staff === null ? <LoadingState label="Loading the team..." className="mt-4" /> : null}
      {staff ? (
        <ul className="mt-4 divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          {staff.map((s) => (
            <li key={s.userId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
              <span className="min-w-0">
                <span className="break-all font-semibold">{s.email}</span>
                <span className="block text-xs text-slate-500">since {formatUkDate(s.createdAt)}{s.hasPassword ? "" : " · has not set a password yet"}</span>
              </span>
              {String(s.userId) === me ? (
                <span className="text-xs font-semibold text-slate-600">You</span>
              ) : (
                <MemberActions member={s} onDone={async (text, ok) => { setStatus({ ok, text }); if (ok) await load(); }} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** A member's role, changed in place, and their removal (asked to confirm); either ends their sessions. */
function MemberActions({ member, onDone }: { member: StaffMember; onDone: (text: string, ok: boolean) => Promise<void> }) {
  const [role, setRole] = useState<StaffRole>(member.role);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      await onDone((await action()).message, true);
    } catch (error) {
      await onDone(errorMessage(error), false);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const roleId = `role-${member.userId}`;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <label htmlFor={roleId} className="sr-only">Role of {member.email}</label>
      <select id={roleId} className="field-input py-1 text-xs" value={role} onChange={(e) => setRole(e.target.value as StaffRole)} disabled={busy}>
        <option value="staff">{ROLE_LABELS.staff}</option>
        <option value="manager">{ROLE_LABELS.manager}</option>
      </select>
      {role !== member.role ? (
        <button type="button" className="btn-primary px-2 py-1 text-xs" disabled={busy} onClick={() => void run(() => changeStaffRole(member.userId, role))}>
          Change role
        </button>
      ) : null}
      {confirming ? (
        <>
          <button type="button" className="btn-primary bg-red-700 px-2 py-1 text-xs" disabled={busy} onClick={() => void run(() => removeStaff(member.userId))}>
            Remove {member.email}
          </button>
          <button type="button" className="btn-outline px-2 py-1 text-xs" onClick={() => setConfirming(false)}>
            Keep
          </button>
        </>
      ) : (
        <button type="button" className="btn-outline px-2 py-1 text-xs text-red-700" disabled={busy} onClick={() => setConfirming(true)}>
          Remove
        </button>
      )}
    </span>
  );
}
