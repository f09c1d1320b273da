// Names of the files a print PDF passes through, known to the worker that writes them and to the pool
// that removes them when a worker is stopped mid-job. Both end in `.partial`, which the debris sweep takes.

/** The PDF being written, renamed to its own name once complete. */
export function partialPdfPath(outPath: string): string {
  return `${outPath}.partial`;
}

/** A raster's samples as PNG on their way into the PDF. */
export function samplesScratchPath(outPath: string): string {
  return `${outPath}.samples.partial`;
}
