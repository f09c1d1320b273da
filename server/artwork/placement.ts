// Where artwork goes on the print page: scaled to fit (never distorted), centred, and turned by a
// quarter when that is how it fits. Pure arithmetic, kept apart so it can be tested on its own.

export type QuarterTurns = 0 | 90 | 180 | 270;
/** A PDF transformation matrix [a b c d e f]. */
export type PdfMatrix = [number, number, number, number, number, number];

export function normaliseTurn(degrees: number): QuarterTurns {
  const turn = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return turn as QuarterTurns;
}

/**
 * The matrix that draws content whose own coordinates span [0, contentWidth] × [0, contentHeight]
 * turned clockwise by `turn`, scaled to fit a pageWidth × pageHeight page and centred on it.
 * `unitSquare` is for image XObjects, which PDF draws into the unit square.
 */
export function fitMatrix(
  content: { width: number; height: number; unitSquare?: boolean },
  turn: QuarterTurns,
  page: { width: number; height: number },
): PdfMatrix {
  const { width: cw, height: ch } = content;
  const sideways = turn === 90 || turn === 270;
  const shownWidth = sideways ? ch : cw;
  const shownHeight = sideways ? cw : ch;
  const scale = Math.min(page.width / shownWidth, page.height / shownHeight);
  const offsetX = (page.width - shownWidth * scale) / 2;
  const offsetY = (page.height - shownHeight * scale) / 2;
  // Clockwise turns in PDF space (y up), mapping the content box onto [0, shownWidth] × [0, shownHeight].
  const turns: Record<QuarterTurns, PdfMatrix> = {
    0: [1, 0, 0, 1, 0, 0],
    90: [0, -1, 1, 0, 0, cw],
    180: [-1, 0, 0, -1, cw, ch],
    270: [0, 1, -1, 0, ch, 0],
  };
  const [a, b, c, d, e, f] = turns[turn];
  const sx = content.unitSquare ? cw : 1;
  const sy = content.unitSquare ? ch : 1;
  return [a * scale * sx, b * scale * sx, c * scale * sy, d * scale * sy, e * scale + offsetX, f * scale + offsetY];
}

/** Where a content point lands: for tests and for reasoning about a matrix. */
export function applyMatrix(m: PdfMatrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}
