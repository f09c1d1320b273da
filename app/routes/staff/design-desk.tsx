// The designers' desk (docs/decisions/027-design-service-money-and-dates.md): proofs owed, most urgent first with late ones marked, then jobs
// with the customer, then briefs the customer has not sent yet. Each job shows who has taken it.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { DESIGN_STATE_LABELS } from "../../../domain/design-service";
import { formatDeliveryDate } from "../../../domain/format";
import { errorMessage } from "../../lib/api-client";
import { fetchDesk, type DeskJob } from "../../lib/design-jobs-api";
import { LoadingState } from "../../components/loading-state";
import { DataTable } from "../../components/data-table";

const DUE_BADGE: Record<NonNullable<DeskJob["due_status"]>, { text: string; className: string } | null> = {
  late: { text: "Late", className: "bg-red-100 text-red-800" },
  "due-today": { text: "Due today", className: "bg-amber-100 text-amber-900" },
  "on-time": null,
};

/** Each section of the desk; `stage` names its first column (and labels it on a phone's cards). */
const SECTIONS: { state: DeskJob["state"]; heading: string; stage: string; empty: string }[] = [
  { state: "designing", heading: "Proofs to make", stage: "Proof due", empty: "No proofs owed: every brief has its proof." },
  { state: "proof_sent", heading: "With the customer", stage: "Proofs", empty: "No proofs waiting for a customer." },
  { state: "brief", heading: "Waiting for the customer's brief", stage: "Brief", empty: "No briefs outstanding." },
];

export default function DesignDesk() {
  const [jobs, setJobs] = useState<DeskJob[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchDesk(controller.signal).then(
      (desk) => setJobs(desk.jobs),
      (error: unknown) => {
        if ((error as Error).name !== "AbortError") setProblem(errorMessage(error));
      },
    );
    return () => controller.abort();
  }, []);

  return (
    <section aria-labelledby="desk-heading" className="space-y-6">
      <h1 id="desk-heading" className="text-2xl font-bold">
        Design desk
      </h1>
      {problem ? <p role="alert" className="font-semibold text-red-700">{problem}</p> : null}
      {!jobs && !problem ? <LoadingState label="Loading the desk…" rows={4} /> : null}
      {jobs
        ? SECTIONS.map((section) => {
            const rows = jobs.filter((job) => job.state === section.state);
            return (
              <section key={section.state} aria-labelledby={`desk-${section.state}`}>
                <h2 id={`desk-${section.state}`} className="text-lg font-bold">
                  {section.heading} <span className="text-sm font-normal text-slate-500">({rows.length})</span>
                </h2>
                {rows.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-600">{section.empty}</p>
                ) : (
                  <DataTable
                    className="mt-2"
                    tableClassName="sm:min-w-[44rem]"
                    stackOnPhone
                    head={
                      <>
                        <th scope="col" className="px-3 py-2">{section.stage}</th>
                        <th scope="col" className="px-3 py-2">Job</th>
                        <th scope="col" className="px-3 py-2">Item</th>
                        <th scope="col" className="px-3 py-2">Customer</th>
                        <th scope="col" className="px-3 py-2">Designer</th>
                      </>
                    }
                  >
                    {rows.map((job) => {
                      const badge = job.due_status ? DUE_BADGE[job.due_status] : null;
                      return (
                        <tr key={job.order_id} className="border-b border-slate-100 last:border-0" data-testid="desk-row">
                          <td className="whitespace-nowrap px-3 py-2" data-label={section.stage}>
                            {section.state === "designing" && job.proof_due ? (
                              <>
                                <strong>{formatDeliveryDate(job.proof_due)}</strong>
                                {badge ? <span className={`ml-2 rounded-full px-2 py-0.5 text-xs font-bold ${badge.className}`}>{badge.text}</span> : null}
                              </>
                            ) : section.state === "brief" ? (
                              "Not sent yet"
                            ) : (
                              `${job.proofs} sent`
                            )}
                          </td>
                          <td className="px-3 py-2">
                            <Link to={`/staff/design/${job.order_id}`} className="font-semibold text-brand-700 hover:underline">
                              Order {job.order_group_id}, item {job.order_id}
                            </Link>
                            <span className="block text-xs text-slate-500">{DESIGN_STATE_LABELS[job.state].desk}</span>
                          </td>
                          <td className="px-3 py-2">
                            {job.quantity} × {job.product_name}
                            <span className="block text-xs text-slate-500">
                              {job.size}
                              {job.designs > 1 ? ` · ${job.designs} designs` : ""}
                            </span>
                          </td>
                          <td className="px-3 py-2" data-label="Customer">{job.customer_name}</td>
                          <td className="px-3 py-2" data-label="Designer">{job.designer ?? <span className="text-slate-500">Not taken</span>}</td>
                        </tr>
                      );
                    })}
                  </DataTable>
                )}
              </section>
            );
          })
        : null}
    </section>
  );
}
