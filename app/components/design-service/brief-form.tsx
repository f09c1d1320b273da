// The customer's design brief, saved to finish later or sent to the designer.
import { useId, useState } from "react";
import { briefSchema } from "../../../domain/design-brief";
import { briefProblem } from "../../../domain/design-service";
import { saveBrief, type DesignJob } from "../../lib/design-jobs-api";
import { errorMessage } from "../../lib/api-client";
import { useAction } from "../../lib/use-action";
import { FilePicker } from "./file-picker";
import { ProblemAlert } from "../problem-alert";

/** The brief: one schema (domain/design-service.ts) checks it here and again on the server. */
export function BriefForm({ job, onSaved }: { job: DesignJob; onSaved: (job: DesignJob) => void }) {
  const id = useId();
  const [files, setFiles] = useState(job.brief_files);
  const [saved, setSaved] = useState<string | null>(null);
  const { busy, problem, run } = useAction(errorMessage);
  const [invalid, setInvalid] = useState<string | null>(null);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const send = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value === "send";
    const data = new FormData(event.currentTarget);
    const parsed = briefSchema.safeParse({
      wording: data.get("wording"),
      colours: data.get("colours"),
      style: data.get("style"),
      notes: data.get("notes"),
      quantities: data.getAll("quantity").map((value) => Number(value)),
    });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? "Please check the brief.");
      return;
    }
    const problemToSend = send ? briefProblem(parsed.data, { quantity: job.quantity, designs: job.designs }) : null;
    setInvalid(problemToSend);
    if (problemToSend) return;
    setSaved(null);
    void run(async () => {
      const next = await saveBrief(job.order_id, { ...parsed.data, send });
      if (!send) setSaved("Saved. You can finish your brief later from your order page.");
      onSaved(next);
    });
  };

  return (
    <form method="post" onSubmit={onSubmit} aria-label="Your design brief" className="space-y-3" noValidate>
      <div>
        <label htmlFor={`${id}-wording`} className="field-label">
          Wording, exactly as it should read
        </label>
        <textarea id={`${id}-wording`} name="wording" rows={4} maxLength={5000} defaultValue={job.brief.wording} className="field-input" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-colours`} className="field-label">
            Colours
          </label>
          <input id={`${id}-colours`} name="colours" maxLength={500} defaultValue={job.brief.colours} placeholder="Our brand teal and white" className="field-input" />
        </div>
        <div>
          <label htmlFor={`${id}-style`} className="field-label">
            Style
          </label>
          <input id={`${id}-style`} name="style" maxLength={500} defaultValue={job.brief.style} placeholder="Bold and simple" className="field-input" />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-notes`} className="field-label">
          Notes for the designer
        </label>
        <textarea id={`${id}-notes`} name="notes" rows={3} maxLength={5000} defaultValue={job.brief.notes} className="field-input" />
      </div>
      {job.designs > 1 ? (
        <fieldset className="space-y-2">
          <legend className="field-label">How many of each design ({job.quantity} in all)</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {Array.from({ length: job.designs }, (_, index) => (
              <div key={index}>
                <label htmlFor={`${id}-qty-${index}`} className="text-sm text-slate-600">
                  Design {index + 1}
                </label>
                <input
                  id={`${id}-qty-${index}`}
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  defaultValue={job.brief.quantities[index] ?? Math.floor(job.quantity / job.designs) + (index < job.quantity % job.designs ? 1 : 0)}
                  className="field-input"
                />
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}
      <FilePicker orderId={job.order_id} files={files} onFiles={setFiles} label="Logos, photos and references" />
      <ProblemAlert message={invalid} />
      <ProblemAlert message={problem} />
      {saved ? (
        <p role="status" className="text-sm font-semibold text-emerald-800">
          {saved}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="send" className="btn-primary" disabled={busy}>
          {busy ? "Sending…" : "Send brief"}
        </button>
        <button type="submit" name="intent" value="save" className="btn-outline" disabled={busy}>
          Save and finish later
        </button>
      </div>
    </form>
  );
}
