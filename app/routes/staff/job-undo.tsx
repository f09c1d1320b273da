import { useState } from "react";

/** A manager's correction of a mistaken move: the reason is asked for, and kept in the history. */
export function UndoForm({ orderId, status, busy, onSubmit }: { orderId: number; status: string; busy: boolean; onSubmit: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState("");
  return (
    <form
      method="post"
      className="mt-3 space-y-2"
      aria-label={`Undo the move of item ${orderId} to ${status}`}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit(reason);
      }}
    >
      <label htmlFor={`undo-reason-${orderId}`} className="field-label">
        What was the mistake? (kept in the history)
      </label>
      <textarea id={`undo-reason-${orderId}`} className="field-input" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={5} maxLength={500} />
      <button type="submit" className="btn-primary px-3 py-1 text-sm" disabled={busy}>
        Move back one step
      </button>
    </form>
  );
}
