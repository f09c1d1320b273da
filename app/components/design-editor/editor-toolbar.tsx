// The editor's top bar: the design's name and size, undo and redo, zoom, and save, proof and use.
import type { Dispatch, SetStateAction } from "react";
import { formatSizeMm } from "../../../domain/preflight";

export function EditorToolbar({
  name,
  onName,
  size,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  zoom,
  setZoom,
  busy,
  loggedIn,
  onSave,
  onProof,
  onUse,
}: {
  name: string;
  onName: (name: string) => void;
  size: { widthMm: number; heightMm: number };
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  zoom: number;
  setZoom: Dispatch<SetStateAction<number>>;
  busy: string | null;
  loggedIn: boolean;
  onSave: () => void;
  onProof: () => void;
  onUse: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg bg-white p-2 shadow-sm ring-1 ring-slate-200">
      <label className="sr-only" htmlFor="design-name">Design name</label>
      <div className="w-full sm:w-64">
        <input id="design-name" value={name} maxLength={80} onChange={(event) => onName(event.target.value)} className="field-input py-1.5 text-sm" />
      </div>
      <span className="text-sm text-slate-600" data-testid="design-size">{formatSizeMm(size)}</span>
      <div className="ml-auto flex flex-wrap items-center gap-1">
        <button type="button" onClick={onUndo} disabled={!canUndo} className="btn-outline px-2 py-1.5 text-sm" aria-label="Undo">↶ Undo</button>
        <button type="button" onClick={onRedo} disabled={!canRedo} className="btn-outline px-2 py-1.5 text-sm" aria-label="Redo">↷ Redo</button>
        <button type="button" onClick={() => setZoom((z) => Math.max(0.25, z / 1.25))} className="btn-outline px-2 py-1.5 text-sm" aria-label="Zoom out">−</button>
        <button type="button" onClick={() => setZoom(1)} className="btn-outline px-2 py-1.5 text-sm" aria-label="Fit to screen">{Math.round(zoom * 100)}%</button>
        <button type="button" onClick={() => setZoom((z) => Math.min(8, z * 1.25))} className="btn-outline px-2 py-1.5 text-sm" aria-label="Zoom in">+</button>
        <button type="button" onClick={onSave} disabled={busy !== null} className="btn-outline px-3 py-1.5 text-sm">Save draft</button>
        {loggedIn ? <button type="button" onClick={onProof} disabled={busy !== null} className="btn-outline px-3 py-1.5 text-sm">Print proof</button> : null}
        <button type="button" onClick={onUse} disabled={busy !== null} className="btn-primary px-3 py-1.5 text-sm">Use this design</button>
      </div>
    </div>
  );
}
