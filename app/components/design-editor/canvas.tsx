// The editing surface: the design drawn by DesignSvg, and over it an SVG of the same size in the same
// millimetres that takes the pointer (select, drag, resize, snap) and shows the guides that are never
// printed: the safe area, hems and eyelets, the snapping lines, the selection.
import { useRef, useState } from "react";
import { anchorsFor, elementBox, nearestAnchor, round2, type Box } from "../../../domain/design/geometry";
import { eyeletPositions, snapBox, snapCandidates, type Finishing } from "../../../domain/design/guides";
import type { Design, DesignElement, TextElement } from "../../../domain/design/schema";
import { fontFileFor } from "../../../domain/design/fonts";
import { previewHex } from "../../../domain/design/colour";
import { DesignSvg, fontFamilyOf, TEXT_STYLE } from "./design-svg";

type Drag = { id: string; mode: "move" | "resize"; start: { x: number; y: number }; box: Box; aspect: number | null };

export function placeElement(element: DesignElement, box: Box, design: Design): DesignElement {
  const page = { widthMm: design.widthMm, heightMm: design.heightMm };
  const withSides = { x: { ...element.x, anchor: nearestAnchor(box.x, box.w, page.widthMm) }, y: { ...element.y, anchor: nearestAnchor(box.y, box.h, page.heightMm) } };
  return { ...element, ...anchorsFor(withSides, box, page) };
}

function resized(element: DesignElement, box: Box): DesignElement {
  const w = round2(Math.max(1, box.w));
  const h = round2(Math.max(1, box.h));
  switch (element.kind) {
    case "text":
      return { ...element, widthMm: w };
    case "qr":
      return { ...element, sizeMm: Math.max(10, w) };
    case "line":
      return { ...element, widthMm: round2(Math.max(0, box.w)), heightMm: round2(Math.max(0, box.h)) };
    default:
      return { ...element, widthMm: w, heightMm: h };
  }
}

export function Canvas({
  design,
  scale,
  imageUrls,
  selectedId,
  editingTextId,
  finishing,
  safeInset,
  onSelect,
  onPreview,
  onCommit,
  onEditText,
  onTextChange,
  onStopEditing,
}: {
  design: Design;
  /** Screen pixels per millimetre. */
  scale: number;
  imageUrls: Record<string, string | undefined>;
  selectedId: string | null;
  editingTextId: string | null;
  finishing: Finishing;
  safeInset: number;
  onSelect: (id: string | null) => void;
  onPreview: (design: Design) => void;
  onCommit: () => void;
  onEditText: (id: string) => void;
  onTextChange: (id: string, text: string) => void;
  onStopEditing: () => void;
}) {
  const overlay = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);
  const [guides, setGuides] = useState<{ x: number | null; y: number | null }>({ x: null, y: null });
  const page = { widthMm: design.widthMm, heightMm: design.heightMm };
  const boxes = design.elements.map((element) => ({ element, box: elementBox(element, page) }));
  const selected = boxes.find((b) => b.element.id === selectedId) ?? null;
  const editing = boxes.find((b) => b.element.id === editingTextId && b.element.kind === "text") as { element: TextElement; box: Box } | undefined;
  const handleMm = 12 / scale;

  const toMm = (event: React.PointerEvent | PointerEvent) => {
    const svg = overlay.current!;
    const rect = svg.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / rect.width) * design.widthMm, y: ((event.clientY - rect.top) / rect.height) * design.heightMm };
  };

  const start = (event: React.PointerEvent, element: DesignElement, mode: Drag["mode"]) => {
    event.stopPropagation();
    onSelect(element.id);
    if (element.locked || editingTextId === element.id) return;
    const box = elementBox(element, page);
    const aspect = element.kind === "image" ? element.widthMm / element.heightMm : null;
    drag.current = { id: element.id, mode, start: toMm(event), box, aspect };
    (event.target as Element).setPointerCapture?.(event.pointerId);
  };

  const move = (event: React.PointerEvent) => {
    const current = drag.current;
    if (!current) return;
    const at = toMm(event);
    const dx = at.x - current.start.x;
    const dy = at.y - current.start.y;
    const element = design.elements.find((e) => e.id === current.id);
    if (!element) return;
    let next: DesignElement;
    if (current.mode === "move") {
      const others = boxes.filter((b) => b.element.id !== current.id).map((b) => b.box);
      const snapped = snapBox({ ...current.box, x: current.box.x + dx, y: current.box.y + dy }, snapCandidates(page, safeInset, others), 8 / scale);
      setGuides({ x: snapped.guideX, y: snapped.guideY });
      next = placeElement(element, { ...current.box, x: round2(snapped.x), y: round2(snapped.y) }, design);
    } else {
      const w = current.box.w + dx;
      let h = current.box.h + dy;
      if (current.aspect) h = w / current.aspect;
      if (element.kind === "qr") h = w;
      const box = { ...current.box, w, h };
      const grown = resized(element, box);
      next = placeElement(grown, { ...box, h: element.kind === "text" ? current.box.h : box.h }, design);
    }
    onPreview({ ...design, elements: design.elements.map((e) => (e.id === current.id ? next : e)) });
  };

  const end = () => {
    if (!drag.current) return;
    drag.current = null;
    setGuides({ x: null, y: null });
    onCommit();
  };

  const width = design.widthMm * scale;
  const height = design.heightMm * scale;
  const eyelets = eyeletPositions(page, finishing);
  const dash = `${6 / scale} ${4 / scale}`;
  const thin = 1 / scale;

  return (
    <div className="relative shadow-lg ring-1 ring-slate-300" style={{ width, height }}>
      <DesignSvg design={design} imageUrls={imageUrls} hiddenIds={editing ? new Set([editing.element.id]) : undefined} className="absolute inset-0 h-full w-full" />
      <svg
        ref={overlay}
        viewBox={`0 0 ${design.widthMm} ${design.heightMm}`}
        className="absolute inset-0 h-full w-full touch-none"
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerDown={() => {
          onSelect(null);
          onStopEditing();
        }}
        aria-hidden="true"
        data-testid="design-overlay"
      >
        {finishing.hemMm > 0 ? <rect x={finishing.hemMm} y={finishing.hemMm} width={design.widthMm - 2 * finishing.hemMm} height={design.heightMm - 2 * finishing.hemMm} fill="none" stroke="#f59e0b" strokeWidth={thin} strokeDasharray={dash} /> : null}
        {finishing.polePocketMm > 0 ? (
          <g fill="#f59e0b" fillOpacity={0.15}>
            <rect x={0} y={0} width={design.widthMm} height={finishing.polePocketMm} />
            <rect x={0} y={design.heightMm - finishing.polePocketMm} width={design.widthMm} height={finishing.polePocketMm} />
          </g>
        ) : null}
        <rect x={safeInset} y={safeInset} width={Math.max(0, design.widthMm - 2 * safeInset)} height={Math.max(0, design.heightMm - 2 * safeInset)} fill="none" stroke="#06b6d4" strokeWidth={thin} strokeDasharray={dash} data-guide="safe-area" />
        {eyelets.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={Math.max(3 / scale, 6)} fill="#ffffff" fillOpacity={0.7} stroke="#64748b" strokeWidth={thin} data-guide="eyelet" />
        ))}
        {boxes.map(({ element, box }) => (
          <rect
            key={element.id}
            x={box.x}
            y={box.y - (element.kind === "line" && box.h === 0 ? 4 / scale : 0)}
            width={Math.max(box.w, 8 / scale)}
            height={Math.max(box.h, 8 / scale)}
            fill="transparent"
            className={element.locked ? "cursor-default" : "cursor-move"}
            onPointerDown={(event) => start(event, element, "move")}
            onDoubleClick={() => element.kind === "text" && onEditText(element.id)}
            data-hit={element.id}
          />
        ))}
        {guides.x !== null ? <line x1={guides.x} x2={guides.x} y1={0} y2={design.heightMm} stroke="#ec4899" strokeWidth={thin} /> : null}
        {guides.y !== null ? <line y1={guides.y} y2={guides.y} x1={0} x2={design.widthMm} stroke="#ec4899" strokeWidth={thin} /> : null}
        {selected ? (
          <g>
            <rect x={selected.box.x} y={selected.box.y} width={selected.box.w} height={selected.box.h} fill="none" stroke="#2563eb" strokeWidth={2 / scale} pointerEvents="none" data-selection={selected.element.id} />
            {!selected.element.locked ? (
              <rect
                x={selected.box.x + selected.box.w - handleMm / 2}
                y={selected.element.kind === "text" ? selected.box.y + selected.box.h / 2 - handleMm / 2 : selected.box.y + selected.box.h - handleMm / 2}
                width={handleMm}
                height={handleMm}
                fill="#ffffff"
                stroke="#2563eb"
                strokeWidth={2 / scale}
                className={selected.element.kind === "text" ? "cursor-ew-resize" : "cursor-nwse-resize"}
                onPointerDown={(event) => start(event, selected.element, "resize")}
                data-handle="resize"
              />
            ) : null}
          </g>
        ) : null}
      </svg>
      {editing ? (
        <textarea
          autoFocus
          aria-label="Edit text"
          value={editing.element.text}
          onChange={(event) => onTextChange(editing.element.id, event.target.value)}
          onBlur={onStopEditing}
          onKeyDown={(event) => {
            if (event.key === "Escape") onStopEditing();
            event.stopPropagation();
          }}
          className="absolute resize-none overflow-hidden border-0 bg-transparent p-0 outline outline-2 outline-blue-500"
          style={{
            ...TEXT_STYLE,
            whiteSpace: "pre-wrap",
            left: editing.box.x * scale,
            top: editing.box.y * scale,
            width: editing.box.w * scale,
            height: Math.max(editing.box.h * scale, editing.element.sizeMm * editing.element.lineHeight * scale),
            fontFamily: fontFamilyOf(fontFileFor(editing.element.font, editing.element.weight).id),
            fontSize: editing.element.sizeMm * scale,
            lineHeight: editing.element.lineHeight,
            color: previewHex(editing.element.colour),
            textAlign: editing.element.align === "centre" ? "center" : editing.element.align,
          }}
        />
      ) : null}
    </div>
  );
}
