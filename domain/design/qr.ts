// QR codes as module grids, made the same way for the editor and the PDF (both draw the grid as vector
// squares). Error correction M; the quiet zone of 4 modules is inside the element's size.
import { encode } from "uqr";

export const QR_QUIET_MODULES = 4;

const cache = new Map<string, boolean[][]>();

export function qrModules(url: string): boolean[][] {
  let modules = cache.get(url);
  if (!modules) {
    modules = encode(url, { ecc: "M", border: 0 }).data;
    if (cache.size > 50) cache.clear();
    cache.set(url, modules);
  }
  return modules;
}

/** Horizontal runs of dark modules (row, first column, length): fewer, seamless squares to draw. */
export function qrRuns(modules: boolean[][]): { row: number; col: number; length: number }[] {
  const runs: { row: number; col: number; length: number }[] = [];
  modules.forEach((cells, row) => {
    let start = -1;
    cells.forEach((dark, col) => {
      if (dark && start < 0) start = col;
      if ((!dark || col === cells.length - 1) && start >= 0) {
        const end = dark ? col + 1 : col;
        runs.push({ row, col: start, length: end - start });
        start = -1;
      }
    });
  });
  return runs;
}
