// "My designs": the account's saved designs and this browser's drafts, to open, copy or delete.
import { useCallback, useEffect, useState } from "react";
import type { Design } from "../../../domain/design/schema";
import { copyDesign, deleteDesign, fetchDesign, listDesigns, localDrafts, newLocalId, type DesignSummary } from "../../lib/design-api";
import type { SavedRef } from "./editor-types";

export function SavedDesigns({ loggedIn, productSlug, onOpen }: { loggedIn: boolean; productSlug: string; onOpen: (document: Design, name: string, ref: SavedRef) => void }) {
  const [designs, setDesigns] = useState<DesignSummary[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const drafts = localDrafts.use();
  const reload = useCallback(() => {
    if (!loggedIn) return;
    listDesigns()
      .then((answer) => setDesigns(answer.designs))
      .catch(() => setProblem("Your designs could not be loaded."));
  }, [loggedIn]);
  useEffect(reload, [reload]);
  const local = Object.entries(drafts);
  return (
    <div className="flex flex-col gap-2">
      {problem ? <p role="alert" className="text-sm text-red-700">{problem}</p> : null}
      {loggedIn && designs?.length === 0 && local.length === 0 ? <p className="text-sm text-slate-600">No saved designs yet.</p> : null}
      {!loggedIn ? <p className="text-xs text-slate-500">Designs saved on this device move to your account when you check out.</p> : null}
      <ul className="flex flex-col gap-1">
        {(designs ?? []).map((d) => (
          <li key={d.id} className="flex items-center gap-1 rounded border border-slate-200 px-2 py-1 text-sm">
            <span className="min-w-0 flex-1 truncate">{d.name} <span className="text-xs text-slate-500">{Math.round(d.widthMm)} × {Math.round(d.heightMm)} mm{d.productSlug !== productSlug ? ", other product" : ""}</span></span>
            <button type="button" className="font-semibold text-brand-700" onClick={() => fetchDesign(d.id).then(({ design }) => onOpen(design.document, design.name, { kind: "account", id: design.id, revision: design.revision }))}>Open</button>
            <button type="button" className="font-semibold text-brand-700" onClick={() => copyDesign(d.id).then(reload)}>Copy</button>
            <button type="button" className="text-red-700" onClick={() => deleteDesign(d.id).then(reload)} aria-label={`Delete ${d.name}`}>✕</button>
          </li>
        ))}
        {local.map(([localId, draft]) => (
          <li key={localId} className="flex items-center gap-1 rounded border border-slate-200 px-2 py-1 text-sm">
            <span className="min-w-0 flex-1 truncate">{draft.name} <span className="text-xs text-slate-500">on this device</span></span>
            <button type="button" className="font-semibold text-brand-700" onClick={() => onOpen(draft.document, draft.name, { kind: "local", localId })}>Open</button>
            <button type="button" className="font-semibold text-brand-700" onClick={() => localDrafts.set((all) => ({ ...all, [newLocalId("draft")]: { ...draft, name: `Copy of ${draft.name}`.slice(0, 80), updatedAt: new Date().toISOString() } }))}>Copy</button>
          </li>
        ))}
      </ul>
    </div>
  );
}
