// The editor's drawing of a design: SVG in millimetres, from the same render plan as the print PDF
// (domain/design/render-plan.ts). Text lines are placed where the shared layout put them; the fonts are the
// bundled files, with kerning and ligatures off as in the PDF, so a line is as wide here as in print.
import { previewHex } from "../../../domain/design/colour";
import { renderPlan, type Drawable } from "../../../domain/design/render-plan";
import type { Design } from "../../../domain/design/schema";

/** The CSS family of one font file: each weight is its own family, so no browser weight matching is involved. */
export const fontFamilyOf = (fontId: string) => `design-${fontId}`;

export const TEXT_STYLE = {
  fontKerning: "none",
  fontVariantLigatures: "none",
  fontFeatureSettings: '"liga" 0, "clig" 0, "calt" 0, "kern" 0',
  textRendering: "geometricPrecision",
  whiteSpace: "pre",
} as const;

const fillOf = (colour: Parameters<typeof previewHex>[0] | null) => (colour ? previewHex(colour) : "none");

export function DesignSvg({
  design,
  imageUrls,
  hiddenIds,
  className,
  title,
}: {
  design: Design;
  /** Where each image's preview is (an object URL or a file); a missing one draws a grey box. */
  imageUrls: Record<string, string | undefined>;
  /** Elements not drawn (the text being edited in place). */
  hiddenIds?: ReadonlySet<string>;
  className?: string;
  title?: string;
}) {
  const plan = renderPlan(design);
  const page = { x: 0, y: 0, w: plan.widthMm, h: plan.heightMm };
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={`0 0 ${plan.widthMm} ${plan.heightMm}`} className={className} role="img" aria-label={title ?? "Your design"} preserveAspectRatio="xMidYMid meet">
      <defs>
        <clipPath id="design-page">
          <rect x={0} y={0} width={page.w} height={page.h} />
        </clipPath>
      </defs>
      <g clipPath="url(#design-page)">
        <rect x={0} y={0} width={page.w} height={page.h} fill={previewHex(plan.background)} />
        {plan.backgroundImage ? <Picture url={imageUrls[plan.backgroundImage.imageId]} placed={plan.backgroundImage.placed} clipId={null} /> : null}
        {plan.drawables.map((drawable) => (hiddenIds?.has(drawable.id) ? null : <Shape key={drawable.id} drawable={drawable} imageUrls={imageUrls} />))}
      </g>
    </svg>
  );
}

function Picture({ url, placed, clipId }: { url: string | undefined; placed: { x: number; y: number; w: number; h: number }; clipId: string | null }) {
  if (!url) return <rect x={placed.x} y={placed.y} width={placed.w} height={placed.h} fill="#d4d4d8" clipPath={clipId ? `url(#${clipId})` : undefined} />;
  return <image href={url} x={placed.x} y={placed.y} width={placed.w} height={placed.h} preserveAspectRatio="none" clipPath={clipId ? `url(#${clipId})` : undefined} />;
}

function Shape({ drawable, imageUrls }: { drawable: Drawable; imageUrls: Record<string, string | undefined> }) {
  switch (drawable.kind) {
    case "rect": {
      const { box } = drawable;
      return (
        <rect
          data-element={drawable.id}
          x={box.x}
          y={box.y}
          width={box.w}
          height={box.h}
          rx={drawable.radiusMm || undefined}
          fill={fillOf(drawable.fill)}
          stroke={drawable.stroke && drawable.strokeMm > 0 ? previewHex(drawable.stroke) : undefined}
          strokeWidth={drawable.stroke && drawable.strokeMm > 0 ? drawable.strokeMm : undefined}
        />
      );
    }
    case "ellipse": {
      const { box } = drawable;
      return (
        <ellipse
          data-element={drawable.id}
          cx={box.x + box.w / 2}
          cy={box.y + box.h / 2}
          rx={box.w / 2}
          ry={box.h / 2}
          fill={fillOf(drawable.fill)}
          stroke={drawable.stroke && drawable.strokeMm > 0 ? previewHex(drawable.stroke) : undefined}
          strokeWidth={drawable.stroke && drawable.strokeMm > 0 ? drawable.strokeMm : undefined}
        />
      );
    }
    case "line":
      return <line data-element={drawable.id} x1={drawable.x1} y1={drawable.y1} x2={drawable.x2} y2={drawable.y2} stroke={previewHex(drawable.colour)} strokeWidth={drawable.strokeMm} strokeLinecap="butt" />;
    case "text":
      return (
        <g data-element={drawable.id} fill={previewHex(drawable.colour)} style={{ ...TEXT_STYLE, fontFamily: fontFamilyOf(drawable.fontId), fontSize: `${drawable.sizeMm}px` }}>
          {drawable.lines.map((line, index) => (
            <text key={index} x={line.x} y={line.baseline} xmlSpace="preserve" data-line={index}>
              {line.text}
            </text>
          ))}
        </g>
      );
    case "image": {
      const clipId = drawable.clip ? `clip-${drawable.id}` : null;
      return (
        <g data-element={drawable.id}>
          {clipId ? (
            <clipPath id={clipId}>
              <rect x={drawable.box.x} y={drawable.box.y} width={drawable.box.w} height={drawable.box.h} />
            </clipPath>
          ) : null}
          <Picture url={imageUrls[drawable.imageId]} placed={drawable.placed} clipId={clipId} />
        </g>
      );
    }
    case "qr": {
      const m = drawable.moduleMm;
      const d = drawable.runs.map((run) => `M${run.x} ${run.y}h${run.w}v${m}h${-run.w}z`).join("");
      return (
        <g data-element={drawable.id}>
          {drawable.background ? <rect x={drawable.box.x} y={drawable.box.y} width={drawable.box.w} height={drawable.box.h} fill={previewHex(drawable.background)} /> : null}
          <path d={d} fill={previewHex(drawable.colour)} shapeRendering="crispEdges" />
        </g>
      );
    }
  }
}
