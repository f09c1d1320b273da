// The editor's side panels: adding elements, the selected element's properties, the background, layers,
// templates and saved designs. Every control is a labelled form field or a button.
import { useId } from "react";
import { formatCmyk, previewHex, SWATCHES, type Cmyk } from "../../../domain/design/colour";
import { FONT_FAMILIES, cleanText, familyOf } from "../../../domain/design/fonts";
import { elementBox } from "../../../domain/design/geometry";
import { placedPpi, ppiLevel, ppiWarning } from "../../../domain/design/ppi";
import type { Design, DesignElement } from "../../../domain/design/schema";
import type { DesignTemplate } from "../../../domain/design/templates";
import { DesignSvg } from "./design-svg";

export function ColourField({ label, value, onChange, allowNone = false }: { label: string; value: Cmyk | null; onChange: (colour: Cmyk | null) => void; allowNone?: boolean }) {
  const id = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-700">
        {label} <span className="font-normal text-slate-500">{value ? formatCmyk(value) : "none"}</span>
      </legend>
      <div className="mt-1 flex flex-wrap gap-1">
        {allowNone ? (
          <button type="button" onClick={() => onChange(null)} aria-pressed={value === null} className="h-7 rounded border border-slate-300 bg-white px-2 text-xs">
            None
          </button>
        ) : null}
        {SWATCHES.map((swatch) => {
          const chosen = value !== null && formatCmyk(value) === formatCmyk(swatch.colour);
          return (
            <button
              key={swatch.name}
              type="button"
              title={`${swatch.name} (${formatCmyk(swatch.colour)})`}
              aria-label={`${label}: ${swatch.name}`}
              aria-pressed={chosen}
              onClick={() => onChange(swatch.colour)}
              className={`h-7 w-7 rounded border ${chosen ? "border-blue-600 ring-2 ring-blue-500" : "border-slate-300"}`}
              style={{ background: previewHex(swatch.colour) }}
            />
          );
        })}
      </div>
      {value ? (
        <div className="mt-2 grid grid-cols-4 gap-1">
          {(["c", "m", "y", "k"] as const).map((channel) => (
            <label key={channel} htmlFor={`${id}-${channel}`} className="text-xs text-slate-600">
              {channel.toUpperCase()} %
              <input
                id={`${id}-${channel}`}
                type="number"
                min={0}
                max={100}
                step={1}
                value={value[channel]}
                onChange={(event) => onChange({ ...value, [channel]: Math.min(100, Math.max(0, Math.round(Number(event.target.value) || 0))) })}
                className="field-input mt-0.5 px-1 py-1 text-sm"
              />
            </label>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}

function NumberField({ label, value, min, max, step, onChange }: { label: string; value: number; min: number; max: number; step: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">{label}</label>
      <input
        id={id}
        type="number"
        min={min}
        max={max}
        step={step}
        value={Number(value.toFixed(2))}
        onChange={(event) => {
          const n = Number(event.target.value);
          if (Number.isFinite(n) && n >= min && n <= max) onChange(n);
        }}
        className="field-input mt-1"
      />
    </div>
  );
}

/** The selected element's properties. */
export function ElementPanel({
  element,
  design,
  onChange,
  onDelete,
  onEditText,
  onReplaceImage,
}: {
  element: DesignElement;
  design: Design;
  onChange: (element: DesignElement) => void;
  onDelete: () => void;
  onEditText: () => void;
  onReplaceImage: () => void;
}) {
  const id = useId();
  const maxMm = Math.max(design.widthMm, design.heightMm);
  return (
    <div className="flex flex-col gap-3" data-testid="element-panel">
      {element.kind === "text" ? (
        <>
          <div>
            <div className="flex items-center justify-between">
              <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-700">Wording</label>
              <button type="button" onClick={onEditText} className="text-sm font-semibold text-brand-700 underline">Edit on the design</button>
            </div>
            <textarea id={`${id}-text`} value={element.text} rows={3} onChange={(event) => onChange({ ...element, text: cleanText(event.target.value) })} className="field-input mt-1" />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div>
              <label htmlFor={`${id}-font`} className="text-sm font-medium text-slate-700">Font</label>
              <select
                id={`${id}-font`}
                value={element.font}
                onChange={(event) => {
                  const family = familyOf(event.target.value as DesignElement & { kind: "text" } extends { font: infer F } ? F : never);
                  const weight = family.weights.includes(element.weight) ? element.weight : family.weights[0]!;
                  onChange({ ...element, font: family.id, weight });
                }}
                className="field-input mt-1"
              >
                {FONT_FAMILIES.map((family) => (
                  <option key={family.id} value={family.id}>{family.label}</option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-weight`} className="text-sm font-medium text-slate-700">Weight</label>
              <select id={`${id}-weight`} value={element.weight} onChange={(event) => onChange({ ...element, weight: Number(event.target.value) as 400 | 700 | 800 })} className="field-input mt-1">
                {familyOf(element.font).weights.map((weight) => (
                  <option key={weight} value={weight}>{weight === 400 ? "Regular" : weight === 700 ? "Bold" : "Extra bold"}</option>
                ))}
              </select>
            </div>
            <NumberField label="Text size (mm)" value={element.sizeMm} min={1} max={5000} step={1} onChange={(sizeMm) => onChange({ ...element, sizeMm })} />
            <NumberField label="Line height" value={element.lineHeight} min={0.7} max={3} step={0.05} onChange={(lineHeight) => onChange({ ...element, lineHeight })} />
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Alignment</legend>
            <div className="mt-1 grid grid-cols-3 gap-1">
              {(["left", "centre", "right"] as const).map((align) => (
                <button key={align} type="button" aria-pressed={element.align === align} onClick={() => onChange({ ...element, align })} className={`btn border py-1 text-sm capitalize ${element.align === align ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white"}`}>
                  {align}
                </button>
              ))}
            </div>
          </fieldset>
          <ColourField label="Text colour" value={element.colour} onChange={(colour) => colour && onChange({ ...element, colour })} />
        </>
      ) : null}
      {element.kind === "image" ? <ImageProperties element={element} design={design} onChange={onChange} onReplace={onReplaceImage} /> : null}
      {element.kind === "shape" ? (
        <>
          <div className="grid grid-cols-2 gap-2">
            <NumberField label="Width (mm)" value={element.widthMm} min={1} max={maxMm} step={1} onChange={(widthMm) => onChange({ ...element, widthMm })} />
            <NumberField label="Height (mm)" value={element.heightMm} min={1} max={maxMm} step={1} onChange={(heightMm) => onChange({ ...element, heightMm })} />
            <NumberField label="Outline (mm)" value={element.strokeMm} min={0} max={1000} step={0.5} onChange={(strokeMm) => onChange({ ...element, strokeMm })} />
            {element.shape === "rectangle" ? <NumberField label="Corners (mm)" value={element.cornerMm} min={0} max={maxMm} step={1} onChange={(cornerMm) => onChange({ ...element, cornerMm })} /> : null}
          </div>
          <ColourField label="Fill" value={element.fill} allowNone onChange={(fill) => onChange({ ...element, fill })} />
          <ColourField label="Outline colour" value={element.stroke} allowNone onChange={(stroke) => onChange({ ...element, stroke })} />
        </>
      ) : null}
      {element.kind === "line" ? (
        <>
          <div className="grid grid-cols-2 gap-2">
            <NumberField label="Length across (mm)" value={element.widthMm} min={0} max={maxMm} step={1} onChange={(widthMm) => onChange({ ...element, widthMm })} />
            <NumberField label="Length down (mm)" value={element.heightMm} min={0} max={maxMm} step={1} onChange={(heightMm) => onChange({ ...element, heightMm })} />
            <NumberField label="Thickness (mm)" value={element.strokeMm} min={0.1} max={1000} step={0.5} onChange={(strokeMm) => onChange({ ...element, strokeMm })} />
          </div>
          <ColourField label="Line colour" value={element.colour} onChange={(colour) => colour && onChange({ ...element, colour })} />
        </>
      ) : null}
      {element.kind === "qr" ? <QrProperties element={element} onChange={onChange} /> : null}
      <div className="flex gap-2">
        <button type="button" onClick={() => onChange({ ...element, locked: !element.locked })} className="btn-outline flex-1 py-1.5 text-sm">
          {element.locked ? "Unlock" : "Lock"}
        </button>
        <button type="button" onClick={onDelete} className="btn flex-1 border border-red-300 bg-white py-1.5 text-sm text-red-700">
          Delete
        </button>
      </div>
    </div>
  );
}

function ImageProperties({ element, design, onChange, onReplace }: { element: DesignElement & { kind: "image" }; design: Design; onChange: (e: DesignElement) => void; onReplace: () => void }) {
  const box = elementBox(element, design);
  const ppi = placedPpi(element.widthPx, element.heightPx, box, element.fit);
  const warning = ppiWarning(ppi);
  const level = ppiLevel(ppi);
  return (
    <>
      <p className={`rounded-md px-3 py-2 text-sm ${level === "good" ? "bg-emerald-50 text-emerald-900" : level === "warn" ? "bg-amber-50 text-amber-900" : "bg-red-50 text-red-800"}`} role={warning ? "alert" : "status"} data-testid="ppi">
        {warning ?? `${Math.round(ppi)} ppi at this size: it will print sharp.`}
      </p>
      <p className="text-xs text-slate-500">{element.widthPx} × {element.heightPx} pixels, {Math.round(box.w)} × {Math.round(box.h)} mm on the print</p>
      <div className="grid grid-cols-2 gap-1">
        {(["contain", "cover"] as const).map((fit) => (
          <button key={fit} type="button" aria-pressed={element.fit === fit} onClick={() => onChange({ ...element, fit })} className={`btn border py-1 text-sm ${element.fit === fit ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white"}`}>
            {fit === "contain" ? "Show all" : "Fill the box"}
          </button>
        ))}
      </div>
      <button type="button" onClick={onReplace} className="btn-outline py-1.5 text-sm">Replace image</button>
    </>
  );
}

function QrProperties({ element, onChange }: { element: DesignElement & { kind: "qr" }; onChange: (e: DesignElement) => void }) {
  const id = useId();
  const valid = /^(https?:\/\/|mailto:|tel:)\S+$/i.test(element.url);
  return (
    <>
      <div>
        <label htmlFor={`${id}-url`} className="text-sm font-medium text-slate-700">Web address</label>
        <input id={`${id}-url`} type="url" inputMode="url" value={element.url} onChange={(event) => onChange({ ...element, url: event.target.value.trim().slice(0, 300) || "https://" })} className="field-input mt-1" />
        {!valid ? <p className="mt-1 text-sm text-red-700" role="alert">Start the address with https://</p> : null}
      </div>
      <ColourField label="Code colour" value={element.colour} onChange={(colour) => colour && onChange({ ...element, colour })} />
      <ColourField label="Code background" value={element.background} allowNone onChange={(background) => onChange({ ...element, background })} />
    </>
  );
}

const KIND_NAMES: Record<DesignElement["kind"], string> = { text: "Text", image: "Image", shape: "Shape", line: "Line", qr: "QR code" };

export function elementLabel(element: DesignElement): string {
  if (element.kind === "text") return `Text: ${element.text.split("\n")[0]!.slice(0, 28) || "(empty)"}`;
  if (element.kind === "shape") return element.shape === "ellipse" ? "Circle" : "Rectangle";
  if (element.kind === "qr") return `QR code: ${element.url.replace(/^https?:\/\//, "").slice(0, 24)}`;
  return KIND_NAMES[element.kind];
}

export function LayersPanel({ design, selectedId, onSelect, onMove }: { design: Design; selectedId: string | null; onSelect: (id: string) => void; onMove: (id: string, by: 1 | -1) => void }) {
  const top = [...design.elements].reverse();
  if (top.length === 0) return <p className="text-sm text-slate-600">Nothing on the design yet.</p>;
  return (
    <ol className="flex flex-col gap-1" aria-label="Layers, top first">
      {top.map((element, index) => (
        <li key={element.id} className={`flex items-center gap-1 rounded border px-2 py-1 text-sm ${element.id === selectedId ? "border-blue-500 bg-blue-50" : "border-slate-200 bg-white"}`}>
          <button type="button" onClick={() => onSelect(element.id)} className="min-w-0 flex-1 truncate text-left">
            {elementLabel(element)}
          </button>
          <button type="button" aria-label={`Bring ${elementLabel(element)} forward`} disabled={index === 0} onClick={() => onMove(element.id, 1)} className="rounded px-1.5 disabled:opacity-30">▲</button>
          <button type="button" aria-label={`Send ${elementLabel(element)} backward`} disabled={index === top.length - 1} onClick={() => onMove(element.id, -1)} className="rounded px-1.5 disabled:opacity-30">▼</button>
        </li>
      ))}
    </ol>
  );
}

export function TemplatesPanel({ templates, size, onPick }: { templates: DesignTemplate[]; size: { widthMm: number; heightMm: number }; onPick: (template: DesignTemplate) => void }) {
  return (
    <ul className="grid grid-cols-2 gap-2" aria-label="Templates">
      {templates.map((template) => (
        <li key={template.id}>
          <button type="button" onClick={() => onPick(template)} className="flex w-full flex-col items-stretch gap-1 rounded-md border border-slate-200 bg-white p-1.5 text-left text-xs font-medium hover:border-brand-500">
            <DesignSvg design={template.build(size)} imageUrls={{}} className="h-20 w-full bg-slate-100" title={template.name} />
            <span>{template.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
