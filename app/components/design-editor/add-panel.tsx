// The "Add" tab: new text, a picture, shapes, a line or a QR code, sized to the design and in its middle.
import { round2 } from "../../../domain/design/geometry";
import type { DesignElement } from "../../../domain/design/schema";
import { centred, nextId } from "./editor-types";

export function AddPanel({ size, onAdd, onAddPicture }: { size: { widthMm: number; heightMm: number }; onAdd: (element: DesignElement) => void; onAddPicture: () => void }) {
  const u = Math.min(size.widthMm, size.heightMm);
  return (
    <div className="grid grid-cols-2 gap-2">
      <button type="button" className="btn-outline py-2 text-sm" onClick={() => onAdd({ id: nextId("text"), kind: "text", text: "Your text here", font: "montserrat", weight: 700, sizeMm: round2(u * 0.08), lineHeight: 1.15, align: "centre", colour: { c: 0, m: 0, y: 0, k: 100 }, widthMm: round2(size.widthMm * 0.6), ...centred })}>
        Add text
      </button>
      <button type="button" className="btn-outline py-2 text-sm" onClick={onAddPicture}>Add image or logo</button>
      <button type="button" className="btn-outline py-2 text-sm" onClick={() => onAdd({ id: nextId("shape"), kind: "shape", shape: "rectangle", widthMm: round2(u * 0.3), heightMm: round2(u * 0.2), fill: { c: 0, m: 60, y: 100, k: 0 }, stroke: null, strokeMm: 0, cornerMm: 0, ...centred })}>
        Add rectangle
      </button>
      <button type="button" className="btn-outline py-2 text-sm" onClick={() => onAdd({ id: nextId("shape"), kind: "shape", shape: "ellipse", widthMm: round2(u * 0.25), heightMm: round2(u * 0.25), fill: { c: 70, m: 15, y: 0, k: 0 }, stroke: null, strokeMm: 0, cornerMm: 0, ...centred })}>
        Add circle
      </button>
      <button type="button" className="btn-outline py-2 text-sm" onClick={() => onAdd({ id: nextId("line"), kind: "line", widthMm: round2(size.widthMm * 0.5), heightMm: 0, slope: "down", colour: { c: 0, m: 0, y: 0, k: 100 }, strokeMm: round2(Math.max(0.5, u * 0.01)), ...centred })}>
        Add line
      </button>
      <button type="button" className="btn-outline py-2 text-sm" onClick={() => onAdd({ id: nextId("qr"), kind: "qr", url: "https://example.co.uk", sizeMm: round2(Math.max(20, u * 0.2)), colour: { c: 0, m: 0, y: 0, k: 100 }, background: { c: 0, m: 0, y: 0, k: 0 }, ...centred })}>
        Add QR code
      </button>
    </div>
  );
}
