// The brief as sent, folded away once the design is under way.
import { formatUkDate } from "../../../domain/format";
import type { DesignJob } from "../../lib/design-jobs-api";

export function BriefSummary({ job }: { job: DesignJob }) {
  return (
    <details className="rounded-md bg-slate-50 p-3 text-sm">
      <summary className="cursor-pointer font-semibold">Your brief{job.brief.sent_at ? `, sent ${formatUkDate(job.brief.sent_at)}` : ""}</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600">Wording</dt>
        <dd className="whitespace-pre-wrap break-words">{job.brief.wording}</dd>
        {job.brief.colours ? (
          <>
            <dt className="text-slate-600">Colours</dt>
            <dd>{job.brief.colours}</dd>
          </>
        ) : null}
        {job.brief.style ? (
          <>
            <dt className="text-slate-600">Style</dt>
            <dd>{job.brief.style}</dd>
          </>
        ) : null}
        {job.brief.notes ? (
          <>
            <dt className="text-slate-600">Notes</dt>
            <dd className="whitespace-pre-wrap break-words">{job.brief.notes}</dd>
          </>
        ) : null}
        {job.brief_files.length > 0 ? (
          <>
            <dt className="text-slate-600">Files</dt>
            <dd>{job.brief_files.map((f) => f.file_name).join(", ")}</dd>
          </>
        ) : null}
      </dl>
    </details>
  );
}
