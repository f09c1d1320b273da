import { useState } from "react";
import { Link } from "react-router";
import { DESIGN_STATE_LABELS } from "../../../domain/design-service";
import { formatDeliveryDate } from "../../../domain/format";
import { isOrderStatus, ORDER_CORRECTIONS, staffMoves, type OrderStatus } from "../../../domain/order-status";
import { PRINT_ROOM_ACTIONS, PRINT_ROOM_STATUS } from "../../../domain/production";
import { PreflightReport } from "../../components/artwork/version-slot";
import { errorMessage } from "../../lib/api-client";
import { openPrivateFile, useAuthorisedObjectUrl, type OrderFile, type OrderProduct } from "../../lib/orders-api";
import { moveItem, rejectArtwork, undoMove } from "../../lib/staff-api";
import { UndoForm } from "./job-undo";
import { ProblemAlert } from "../../components/problem-alert";

/** Everything a printer needs about one item, and the moves the transition table allows from its status. */
export function JobItem({ item, onChanged, manager = false }: { item: OrderProduct; onChanged: () => void; manager?: boolean }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const moves = isOrderStatus(item.status) ? staffMoves(item.status) : [];
  const plainMoves = moves.filter((to) => to !== "Awaiting Artwork" && to !== "Dispatched" && to !== "Shipped");
  const canReject = moves.includes("Awaiting Artwork");
  // A manager may undo a mistaken production move, one step back (the correction table decides).
  const canUndo = manager && isOrderStatus(item.status) && (ORDER_CORRECTIONS[item.status]?.length ?? 0) > 0;
  const [undoing, setUndoing] = useState(false);

  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      onChanged();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`job-item-${item.order_id}`} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`job-item-${item.order_id}`} className="text-lg font-bold">
            {item.product_name} <span className="text-sm font-normal text-slate-500">item {item.order_id}</span>
            {item.express ? <span className="ml-2 rounded-full bg-slate-800 px-2 py-0.5 align-middle text-xs font-bold text-white">Express</span> : null}
          </h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">Finished size</dt>
            <dd className="font-semibold">{item.size}</dd>
            <dt className="text-slate-500">Orientation</dt>
            <dd>{item.orientation ?? "Custom size"}</dd>
            <dt className="text-slate-500">Copies</dt>
            <dd className="font-semibold">{item.qty}</dd>
            <dt className="text-slate-500">Designs</dt>
            <dd>
              {item.versions} {item.versions === 1 ? "design" : "designs (copies split as on each file)"}
            </dd>
            {item.design_job ? (
              <>
                <dt className="text-slate-500">Design service</dt>
                <dd data-testid="job-item-design">
                  {DESIGN_STATE_LABELS[item.design_job.state].desk}
                  {item.design_job.designer ? `, ${item.design_job.designer}` : ""}
                  {item.design_job.proof_due ? `, proof due ${formatDeliveryDate(item.design_job.proof_due)}` : ""}
                  {item.design_job.state === "approved" ? `; delivery by ${formatDeliveryDate(item.delivery_date)}, counted from the approval` : `; delivery ${item.turnaround_days ?? 3} working days after approval`}{" "}
                  <Link to={`/staff/design/${item.order_id}`} className="font-semibold text-brand-700 underline">
                    Design job
                  </Link>
                </dd>
              </>
            ) : null}
            {item.attributes.map((a) => (
              <div key={a.subattribute_id} className="contents">
                <dt className="text-slate-500">{a.group}</dt>
                <dd>{a.subattribute}</dd>
              </div>
            ))}
            {item.notes ? (
              <>
                <dt className="text-slate-500">Customer&apos;s notes</dt>
                <dd className="whitespace-pre-wrap">{item.notes}</dd>
              </>
            ) : null}
          </dl>
        </div>
        <p className="rounded-full bg-slate-100 px-3 py-1 text-sm font-bold">
          <span data-testid={`status-${item.order_id}`}>{item.status}</span>
          {PRINT_ROOM_STATUS[item.status as OrderStatus] && PRINT_ROOM_STATUS[item.status as OrderStatus] !== item.status ? (
            <span className="font-normal text-slate-600"> · {PRINT_ROOM_STATUS[item.status as OrderStatus]}</span>
          ) : null}
        </p>
      </div>

      <div className="mt-4 grid gap-3 md:grid-cols-2">
        {item.files.length === 0 ? <p className="text-sm text-slate-500">No artwork from the customer yet.</p> : null}
        {item.files.map((file) => (
          <JobFile key={file.id} file={file} orderId={item.order_id} />
        ))}
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4">
        {plainMoves.map((to) => (
          <button key={to} type="button" className="btn-primary px-3 py-1 text-sm" disabled={busy} onClick={() => void act(() => moveItem(item.order_id, to))}>
            {PRINT_ROOM_ACTIONS[to] ?? `Mark ${to}`}
          </button>
        ))}
        {canUndo ? (
          <button type="button" className="btn-outline px-3 py-1 text-sm" disabled={busy} aria-expanded={undoing} onClick={() => setUndoing((v) => !v)}>
            Undo last move
          </button>
        ) : null}
        {canReject ? (
          <button type="button" className="btn-outline px-3 py-1 text-sm text-red-700" disabled={busy} onClick={() => setRejecting((v) => !v)}>
            Send artwork back
          </button>
        ) : null}
      </div>
      {undoing ? <UndoForm orderId={item.order_id} status={item.status} busy={busy} onSubmit={(reason) => act(async () => { await undoMove(item.order_id, reason); setUndoing(false); })} /> : null}
      {rejecting ? (
        <form
          method="post"
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void act(async () => {
              await rejectArtwork(item.order_id, reason);
              setRejecting(false);
              setReason("");
            });
          }}
        >
          <label htmlFor={`reason-${item.order_id}`} className="field-label">
            Reason the customer will see
          </label>
          <textarea id={`reason-${item.order_id}`} className="field-input" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={5} />
          <button type="submit" className="btn-primary px-3 py-1 text-sm" disabled={busy}>
            Send back to the customer
          </button>
        </form>
      ) : null}
      <ProblemAlert message={problem} className="mt-2" />
    </section>
  );
}

function JobFile({ file, orderId }: { file: OrderFile; orderId: number }) {
  const thumb = useAuthorisedObjectUrl(file.thumbnail_url);
  return (
    <div className="flex gap-3 rounded-md border border-slate-200 p-3">
      {thumb.src ? <img src={thumb.src} alt={`Thumbnail of version ${file.version_number}`} className="h-24 w-24 rounded bg-slate-100 object-contain" /> : <span className="h-24 w-24 rounded bg-slate-100" />}
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">
          Design {file.version_number} · {file.qty} copies · {file.approved ? "proof signed off by customer" : "proof not signed off yet"}
        </p>
        <p className="truncate text-slate-600" title={file.file_name}>
          {file.file_name}
        </p>
        {file.preflight ? <PreflightReport preflight={file.preflight} /> : null}
        <button type="button" className="mt-2 font-semibold text-brand-700 hover:underline" onClick={() => void openPrivateFile(file.pdf_url, `item-${orderId}-v${file.version_number}-print.pdf`)}>
          Download print PDF
        </button>
      </div>
    </div>
  );
}
