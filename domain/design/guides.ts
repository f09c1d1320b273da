// Guides the editor draws over a design (never printed): the safe area text should stay inside, and for
// banners the hem and the eyelets (or pole pockets) that the chosen finishing puts on the edges.

export type Finishing = { hemMm: number; eyeletSpacingMm: number | null; eyeletInsetMm: number; polePocketMm: number };

/** What the chosen options' names say about the edges. Products without such options have none. */
export function finishingFrom(optionNames: string[]): Finishing {
  const names = optionNames.map((name) => name.toLowerCase());
  const has = (word: string) => names.some((name) => name.includes(word));
  const none = has("no finishing") || has("cut to size");
  const webbing = has("webbing");
  const hemmed = !none && (has("hem") || webbing || has("eyelet"));
  const eyelets = !none && (has("eyelet") || webbing) && !has("hemmed only");
  const spacing = names.find((name) => /every\s+\d+\s*cm/.test(name));
  const spacingMm = spacing ? Number(/every\s+(\d+)\s*cm/.exec(spacing)![1]) * 10 : 500;
  const hemMm = webbing ? 50 : hemmed ? 25 : 0;
  return {
    hemMm,
    eyeletSpacingMm: eyelets ? spacingMm : null,
    eyeletInsetMm: hemMm > 0 ? hemMm / 2 : 15,
    polePocketMm: has("pole pocket") ? 75 : 0,
  };
}

/** Distance from every edge that text and logos should keep: 20 mm (the artwork guidelines), less on small items. */
export function safeInsetMm(size: { widthMm: number; heightMm: number }, finishing?: Finishing): number {
  const base = Math.min(20, Math.min(size.widthMm, size.heightMm) / 10);
  return Math.max(base, finishing ? finishing.hemMm + 10 : 0, finishing?.polePocketMm ? finishing.polePocketMm + 10 : 0);
}

/** Eyelet centres (mm from the top-left): every corner, then evenly along each side at no more than the spacing. */
export function eyeletPositions(size: { widthMm: number; heightMm: number }, finishing: Finishing): { x: number; y: number }[] {
  if (finishing.eyeletSpacingMm === null) return [];
  const inset = finishing.eyeletInsetMm;
  const along = (length: number) => {
    const span = length - 2 * inset;
    if (span <= 0) return [length / 2];
    const gaps = Math.max(1, Math.ceil(span / finishing.eyeletSpacingMm!));
    return Array.from({ length: gaps + 1 }, (_, i) => inset + (span * i) / gaps);
  };
  const xs = along(size.widthMm);
  const ys = along(size.heightMm);
  const points = new Map<string, { x: number; y: number }>();
  const add = (x: number, y: number) => points.set(`${x.toFixed(2)},${y.toFixed(2)}`, { x, y });
  for (const x of xs) {
    add(x, inset);
    add(x, size.heightMm - inset);
  }
  for (const y of ys) {
    add(inset, y);
    add(size.widthMm - inset, y);
  }
  return [...points.values()];
}

/** Snapping: the page's edges, centre lines and safe area, and other elements' edges and centres. */
export function snapCandidates(size: { widthMm: number; heightMm: number }, inset: number, others: { x: number; y: number; w: number; h: number }[]) {
  const xs = [0, inset, size.widthMm / 2, size.widthMm - inset, size.widthMm];
  const ys = [0, inset, size.heightMm / 2, size.heightMm - inset, size.heightMm];
  for (const box of others) {
    xs.push(box.x, box.x + box.w / 2, box.x + box.w);
    ys.push(box.y, box.y + box.h / 2, box.y + box.h);
  }
  return { xs, ys };
}

/**
 * Moves a box so that its nearest edge or centre lands on a candidate within `tolerance`, per axis.
 * Answers the moved position and the guide lines it snapped to.
 */
export function snapBox(box: { x: number; y: number; w: number; h: number }, candidates: { xs: number[]; ys: number[] }, tolerance: number) {
  const snapAxis = (start: number, length: number, lines: number[]) => {
    let best: { delta: number; line: number } | null = null;
    for (const point of [start, start + length / 2, start + length]) {
      for (const line of lines) {
        const delta = line - point;
        if (Math.abs(delta) <= tolerance && (!best || Math.abs(delta) < Math.abs(best.delta))) best = { delta, line };
      }
    }
    return best;
  };
  const sx = snapAxis(box.x, box.w, candidates.xs);
  const sy = snapAxis(box.y, box.h, candidates.ys);
  return { x: box.x + (sx?.delta ?? 0), y: box.y + (sy?.delta ?? 0), guideX: sx?.line ?? null, guideY: sy?.line ?? null };
}
