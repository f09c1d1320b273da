import { useCallback, useEffect, useState } from "react";
import { formatUkDateTime } from "../../../domain/format";
import { errorMessage } from "../../lib/api-client";
import { fetchFailedEmails, requeueEmail, type FailedEmail } from "../../lib/staff-api";

/** Emails that failed after every retry, with the last error, and a way to send each again. */
export default function StaffOutbox() {
  const [emails, setEmails] = useState<FailedEmail[] | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const load = useCallback(() => {
    fetchFailedEmails().then(setEmails, (error: unknown) => setStatus(errorMessage(error)));
  }, []);
  useEffect(load, [load]);

  return (
    <section aria-labelledby="outbox-heading">
      <h1 id="outbox-heading" className="text-2xl font-bold">Mail outbox: failed messages</h1>
      <p className="mt-1 text-sm text-slate-600">Messages are retried automatically for several hours; these gave up. Fix the cause, then send them again.</p>
      {status ? <p role="status" className="mt-4 font-semibold">{status}</p> : null}
      {emails === null ? <p className="mt-4 text-slate-600">Loading...</p> : null}
      {emails && emails.length === 0 ? <p className="mt-4 rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">No failed messages.</p> : null}
      {emails && emails.length > 0 ? (
        <ul className="mt-4 space-y-3">
          {emails.map((email) => (
            <li key={email.id} className="rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
              <p className="font-semibold">{email.subject}</p>
              <p className="text-slate-600">
                To {email.to} · {email.attempts} attempts · queued {formatUkDateTime(email.created_at)}
              </p>
              <p className="mt-1 break-words font-mono text-xs text-red-800">{email.last_error}</p>
              <button
                type="button"
                className="btn-outline mt-2 px-3 py-1"
                onClick={async () => {
                  try {
                    await requeueEmail(email.id);
                    setStatus(`Message ${email.id} queued again.`);
                    load();
                  } catch (error) {
                    setStatus(errorMessage(error));
                  }
                }}
              >
                Send again
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
