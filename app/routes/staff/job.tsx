import { useCallback, useEffect, useState } from "react";
import { Link, useParams, useRouteLoaderData } from "react-router";
import { addressLine } from "../../../domain/address";
import { formatDeliveryDate, formatUkDateTime } from "../../../domain/format";
import type { OrderStatus } from "../../../domain/order-status";
import { dispatchDayText } from "../../../domain/orders-desk";
import { CARRIERS, dispatchReadiness, lastDispatchDay, PRINT_ROOM_STATUS } from "../../../domain/production";
import { ApiResponseError, errorMessage } from "../../lib/api-client";
import { openPrivateFile } from "../../lib/orders-api";
import { dispatchOrder, fetchJob, type Carrier, type StaffJob } from "../../lib/staff-api";
import { LoadingState } from "../../components/loading-state";
import { JobItem } from "./job-item";
import { RefundPanel } from "./job-after-sale";
import { ReprintPanel } from "./job-reprint";
import { RedesignPanel } from "./job-redesign";
import { orderRef } from "../../../domain/order-ref";

/** A job: every item, its files and preflight, the history, dispatch, the packing slip and the print files. */
export default function StaffJobPage() {
  const { orderGroupId = "" } = useParams();
  const manager = useRouteLoaderData<{ manager?: boolean }>("routes/staff/layout")?.manager === true;
  const [job, setJob] = useState<StaffJob | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [downloadProblem, setDownloadProblem] = useState<string | null>(null);
  const download = async (url: string, name?: string) => {
    setDownloadProblem(null);
    try {
      await openPrivateFile(url, name);
    } catch (error) {
      setDownloadProblem(errorMessage(error));
    }
  };

  const load = useCallback(() => {
    fetchJob(orderGroupId).then(
      (loaded) => {
        setJob(loaded);
        setProblem(null);
      },
      (error: unknown) => setProblem(error instanceof ApiResponseError && error.status === 404 ? "Order Not Found" : errorMessage(error)),
    );
  }, [orderGroupId]);
  useEffect(load, [load]);

  if (problem) {
    return (
      <div>
        <p role="alert" className="font-semibold text-red-700">{problem}</p>
        <Link to="/staff/queue" className="btn-outline mt-4">Back to the queue</Link>
      </div>
    );
  }
  if (!job) return <LoadingState label="Loading the job sheet…" rows={6} />;

  return (
    <article aria-labelledby="job-heading" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link to="/staff/queue" className="text-sm font-semibold text-brand-700 hover:underline">← Production queue</Link>
          <h1 id="job-heading" className="mt-1 text-2xl font-bold">
            Job {job.order_group_id} <span data-testid="order-ref">{orderRef(job.order_group_id)}</span>{" "}
            <span className="text-base font-semibold text-slate-600">· {PRINT_ROOM_STATUS[job.status as OrderStatus] ?? job.status}</span>
          </h1>
          <p className="text-sm text-slate-600">
            Dispatch by <strong>{dispatchDayText(lastDispatchDay(job.delivery_date))}</strong> (customer expects it {formatDeliveryDate(job.delivery_date)}) ·{" "}
            {job.products.length} item{job.products.length === 1 ? "" : "s"} · customer {job.customer.firstname} {job.customer.lastname}, {job.customer.telephone},{" "}
            {job.customer.email}
            {job.po_number ? (
              <>
                {" "}· customer&apos;s PO <strong data-testid="po-number" className="whitespace-nowrap">{job.po_number}</strong>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-outline" onClick={() => void download(`/api/staff/orders/${job.order_group_id}/files.zip`, `order-${job.order_group_id}-print-files.zip`)}>
            Download all print files (ZIP)
          </button>
          <button type="button" className="btn-outline" onClick={() => void download(`/api/staff/orders/${job.order_group_id}/packing-slip`)}>
            Packing slip
          </button>
        </div>
      </div>
      {downloadProblem ? (
        <p role="alert" className="font-semibold text-red-700">
          {downloadProblem}
        </p>
      ) : null}

      <div className="grid gap-4 md:grid-cols-3">
        <section className="rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
          <h2 className="font-bold">Deliver to</h2>
          <p className="mt-1">{`${job.deliveryAddress.first_name} ${job.deliveryAddress.last_name}`}</p>
          <p>{addressLine(job.deliveryAddress)}</p>
          {job.deliveryAddress.instructions ? <p className="mt-1 text-slate-600">Instructions: {job.deliveryAddress.instructions}</p> : null}
        </section>
        <section className="rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200" aria-label="Label data">
          <h2 className="font-bold">Parcel label</h2>
          <p className="mt-1">
            <span className="text-slate-500">From:</span> {job.label.from.name}, {job.label.from.address}
          </p>
          <p className="mt-1">
            <span className="text-slate-500">To:</span> {job.label.to.address}
          </p>
          {job.blind_shipping ? <p className="mt-2 rounded bg-amber-50 px-2 py-1 font-semibold text-amber-900">Ship unbranded: no Printwise branding in or on the parcel.</p> : null}
        </section>
        <DispatchForm job={job} onDone={load} />
      </div>

      <section aria-label="Items" className="space-y-4">
        {job.products.map((item) => (
          <JobItem key={item.order_id} item={item} onChanged={load} manager={manager} />
        ))}
      </section>

      <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
        <RefundPanel job={job} manager={manager} onDone={load} />
        <ReprintPanel job={job} onDone={load} />
        <RedesignPanel job={job} manager={manager} />
      </div>

      <section aria-labelledby="history" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="history" className="font-bold">History</h2>
        <ol className="mt-2 space-y-1 text-sm">
          {job.events.map((event, index) => (
            <li key={index}>
              <span className="text-slate-500">{formatUkDateTime(event.at)}</span> · {event.by_person}
              {event.order_id ? ` · item ${event.order_id}` : " · order"}: {event.from ?? "new"} → <strong>{event.to}</strong>
              {event.note ? <span className="text-slate-600"> ({event.note})</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

function DispatchForm({ job, onDone }: { job: StaffJob; onDone: () => void }) {
  const readiness = dispatchReadiness(job.products.map((item) => item.status));
  const [carrier, setCarrier] = useState<Carrier>(CARRIERS[0]);
  const [tracking, setTracking] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (job.tracking_number) {
    return (
      <section className="rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
        <h2 className="font-bold">Dispatched</h2>
        <p className="mt-1">
          {job.carrier}, tracking <strong>{job.tracking_number}</strong>
        </p>
      </section>
    );
  }
  if (readiness.total === 0) {
    return (
      <section aria-labelledby="dispatch-heading" className="rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
        <h2 id="dispatch-heading" className="font-bold">Dispatch</h2>
        <p className="mt-1 text-slate-700">Every item is cancelled: nothing to send.</p>
      </section>
    );
  }
  if (!readiness.ready) {
    return (
      <section aria-labelledby="dispatch-heading" className="rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
        <h2 id="dispatch-heading" className="font-bold">Dispatch</h2>
        <p className="mt-1 text-slate-700" data-testid="dispatch-waiting">
          Not ready to pack: {readiness.printed} of {readiness.total} item{readiness.total === 1 ? "" : "s"} printed. Dispatch opens when every item is
          printed and finished.
        </p>
      </section>
    );
  }
  return (
    <form
      method="post"
      className="space-y-2 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200"
      aria-label="Dispatch"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setProblem(null);
        try {
          await dispatchOrder(job.order_group_id, carrier, tracking);
          onDone();
        } catch (error) {
          setProblem(errorMessage(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2 className="font-bold">Dispatch</h2>
      <label htmlFor="carrier" className="field-label">Carrier</label>
      <select id="carrier" className="field-input" value={carrier} onChange={(e) => setCarrier(e.target.value as Carrier)}>
        {CARRIERS.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
      <label htmlFor="tracking" className="field-label">Tracking number</label>
      <input id="tracking" className="field-input" value={tracking} onChange={(e) => setTracking(e.target.value)} required />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        Dispatch and email the customer
      </button>
      {problem ? <p role="alert" className="font-semibold text-red-700">{problem}</p> : null}
    </form>
  );
}
