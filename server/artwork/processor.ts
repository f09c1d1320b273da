// A small pool of worker threads that runs artwork jobs off the main thread: decoding a 200 MB
// upload must not stall other requests, and a file that hangs or exhausts memory kills only its
// worker, which is replaced. Each job has a time limit; each worker has a heap limit.
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
// Loaded here as well so that libvips stays loaded in the process when a worker exits (on glibc an
// unloaded and reloaded libvips crashes the process); the pool also reads image headers with it.
import sharp from "sharp";
import { PREFLIGHT_LIMITS, unreadableResult, type OrderedArtwork, type PreflightResult } from "../../domain/preflight";
import { UnreadableArtworkError } from "./errors";
import type { Design } from "../../domain/design/schema";
import type { PreparedDesignImage } from "./design-image";
import type { DesignImageFiles } from "./design-pdf";
import type { ArtworkJob, ArtworkJobValue, JobReply, JobRequest, MadeArtwork, MadeDesign, WorkerReady } from "./jobs";
import type { PrintPdfSize } from "./print-pdf";
import { partialPdfPath, samplesScratchPath } from "./scratch";

export class ArtworkJobTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Artwork job took longer than ${timeoutMs} ms; its worker was stopped`);
    this.name = "ArtworkJobTimeoutError";
  }
}

export class ArtworkWorkerCrashedError extends Error {
  constructor(detail: string) {
    super(`Artwork worker stopped during a job: ${detail}`);
    this.name = "ArtworkWorkerCrashedError";
  }
}

/** The worker thread could not load its code: a deployment problem, never the customer's file. */
export class ArtworkWorkerStartError extends Error {
  constructor(detail: string) {
    super(`Artwork worker could not start: ${detail}`);
    this.name = "ArtworkWorkerStartError";
  }
}

export type ArtworkProcessorOptions = {
  /** Worker threads; default one per two cores, at least one. */
  workers?: number;
  /** Time limit of one job; default PREFLIGHT_LIMITS.processingTimeoutMs. */
  timeoutMs?: number;
  /** V8 old-generation limit of each worker. Buffers and mupdf's WASM memory are outside it. */
  maxHeapMb?: number;
  /** Images of at least this many megapixels run one at a time; default PREFLIGHT_LIMITS.heavyMegapixels. */
  heavyMegapixels?: number;
};

export type JobOptions = { timeoutMs?: number };

export type ProcessedUpload = {
  preflight: PreflightResult;
  /** Null when preflight failed. */
  thumbnailJpeg: Buffer | null;
  /** Null when preflight failed; otherwise the print PDF was written to outPdfPath. */
  pdf: PrintPdfSize | null;
};

export type ArtworkProcessor = {
  /** Never rejects for a bad file: a timeout or a crashed worker becomes an `unreadable` failure. */
  preflight(path: string, ordered: OrderedArtwork, options?: JobOptions): Promise<PreflightResult>;
  /** Preflight, then (unless it failed) the print PDF at outPdfPath and a thumbnail. Rejects if making fails. */
  processUpload(path: string, ordered: OrderedArtwork, outPdfPath: string, options?: JobOptions): Promise<ProcessedUpload>;
  /** JPEG ≤ 400 px. Rejects (UnreadableArtworkError, timeout, crash) when it cannot be made. */
  thumbnail(path: string, options?: JobOptions): Promise<Buffer>;
  /** PNG ≤ 1200 px of the print PDF's first page. */
  proof(pdfPath: string, options?: JobOptions): Promise<Buffer>;
  /** Checks an editor upload by its content and writes its CMYK samples and preview into outDir. */
  prepareDesignImage(path: string, outDir: string, options?: JobOptions): Promise<PreparedDesignImage>;
  /** A design's print PDF at outPdfPath, with its preflight, thumbnail and proof (made from the PDF). */
  renderDesign(design: Design, images: Record<string, DesignImageFiles>, outPdfPath: string, options?: JobOptions): Promise<MadeDesign & { thumbnailJpeg: Buffer; proofPng: Buffer }>;
  /** `heavy`: near-limit images being worked on now (never more than one). */
  stats(): { workers: number; busy: number; heavy: number; queued: number; restarts: number };
  /** Stops every worker; queued and running jobs reject. */
  close(): Promise<void>;
};

type Pending = {
  id: number;
  job: ArtworkJob;
  /** A near-limit image: at most one such job runs at a time (see `weigh`). */
  heavy: boolean;
  timeoutMs: number;
  resolve: (value: ArtworkJobValue) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};

/** `ready` once the worker has loaded its modules and said so. `heavy`: the near-limit lane's worker. */
type Slot = { worker: Worker; current: Pending | null; gone: boolean; ready: boolean; heavy: boolean };

/**
 * How to start a worker. In the production bundle, build/artwork-worker.js sits beside the bundle
 * (import.meta.url is then build/server-main.js). From TypeScript source (vitest, `tsx`) a small
 * bootstrap registers tsx's loader inside the new thread and imports artwork-worker.ts: Node 20 does
 * not apply `--import tsx` given in a worker's execArgv to the worker's own entry file.
 */
function workerStart(): { entry: URL | string; eval: boolean } {
  const built = new URL("./artwork-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(built))) return { entry: built, eval: false };
  const tsxPackage = createRequire(import.meta.url).resolve("tsx/package.json");
  // The file tsx's exports map names for `import "tsx/esm/api"`.
  const tsxApi = pathToFileURL(join(dirname(tsxPackage), "dist/esm/api/index.mjs")).href;
  const source = new URL("./artwork-worker.ts", import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return { entry: bootstrap, eval: true };
}

/**
 * Which queued job may start now (-1: none). Two lanes: near-limit images have a worker of their own (one at
 * a time), everything else has the `size` light workers, so a small check never waits behind a large one.
 */
export function pickRunnable(queue: readonly { heavy: boolean }[], lanes: { lightFree: boolean; heavyFree: boolean }): number {
  return queue.findIndex((pending) => (pending.heavy ? lanes.heavyFree : lanes.lightFree));
}

/**
 * True for a raster of at least PREFLIGHT_LIMITS.heavyMegapixels. Decoding one takes hundreds of MB, so
 * the pool runs one at a time and lets small jobs pass it in the queue. Reads the header only (no pixels);
 * a PDF, a proof or a file sharp cannot read is light (preflight judges it in a worker).
 */
async function weigh(path: string | null, heavyMegapixels: number): Promise<boolean> {
  if (path === null) return false;
  try {
    const { width, height } = await sharp(path, { limitInputPixels: false }).metadata();
    return (width ?? 0) * (height ?? 0) >= heavyMegapixels * 1_000_000;
  } catch {
    return false;
  }
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function createArtworkProcessor(options: ArtworkProcessorOptions = {}): ArtworkProcessor {
  const size = Math.max(1, options.workers ?? Math.floor(availableParallelism() / 2));
  const defaultTimeoutMs = options.timeoutMs ?? PREFLIGHT_LIMITS.processingTimeoutMs;
  const maxHeapMb = options.maxHeapMb ?? 2048;
  const heavyMegapixels = options.heavyMegapixels ?? PREFLIGHT_LIMITS.heavyMegapixels;
  const start = workerStart();
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let restarts = 0;
  let closed = false;

  function retire(slot: Slot): void {
    slot.gone = true;
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
  }

  function finish(slot: Slot, settle: (pending: Pending) => void): void {
    const pending = slot.current;
    if (!pending) return;
    clearTimeout(pending.timer);
    slot.current = null;
    settle(pending);
  }

  function spawn(heavy: boolean): Slot {
    const worker = new Worker(start.entry, {
      eval: start.eval,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    worker.unref();
    const slot: Slot = { worker, current: null, gone: false, ready: false, heavy };
    worker.on("message", (reply: JobReply | WorkerReady) => {
      if ("ready" in reply) {
        slot.ready = true;
        return;
      }
      if (slot.current?.id !== reply.id) return;
      finish(slot, (pending) => {
        if (reply.ok) pending.resolve(reply.value);
        else if (reply.unreadable) pending.reject(new UnreadableArtworkError(reply.unreadable, reply.message));
        else pending.reject(new Error(reply.message));
      });
      dispatch();
    });
    const onDeath = (detail: string) => {
      if (slot.gone) return;
      retire(slot);
      restarts++;
      const error = slot.ready ? new ArtworkWorkerCrashedError(detail) : new ArtworkWorkerStartError(detail);
      finish(slot, (pending) => pending.reject(error));
      dispatch();
    };
    worker.on("error", (error) => onDeath(error.message));
    worker.on("exit", (code) => onDeath(`exit code ${code}`));
    slots.push(slot);
    return slot;
  }

  /** A free worker of the lane, started if the lane has room (light: `size` workers, heavy: one). */
  function freeSlot(heavy: boolean, start: boolean): Slot | undefined {
    const lane = slots.filter((s) => s.heavy === heavy);
    const idle = lane.find((s) => s.current === null);
    if (idle || !start) return idle;
    return lane.length < (heavy ? 1 : size) ? spawn(heavy) : undefined;
  }

  function nextRunnable(): number {
    const free = (heavy: boolean) => freeSlot(heavy, false) !== undefined || slots.filter((s) => s.heavy === heavy).length < (heavy ? 1 : size);
    return pickRunnable(queue, { lightFree: free(false), heavyFree: free(true) });
  }

  function dispatch(): void {
    while (!closed && queue.length > 0) {
      const index = nextRunnable();
      if (index < 0) return;
      const slot = freeSlot(queue[index]!.heavy, true);
      if (!slot) return;
      const [pending] = queue.splice(index, 1) as [Pending];
      slot.current = pending;
      pending.timer = setTimeout(() => {
        retire(slot);
        restarts++;
        finish(slot, (p) => p.reject(new ArtworkJobTimeoutError(p.timeoutMs)));
        void slot.worker.terminate();
        dispatch();
      }, pending.timeoutMs);
      slot.worker.postMessage({ id: pending.id, job: pending.job } satisfies JobRequest);
    }
  }

  async function run(job: ArtworkJob, jobOptions: JobOptions = {}): Promise<ArtworkJobValue> {
    if (closed) throw new Error("The artwork processor is closed");
    const heavy = await weigh(job.kind === "proof" || job.kind === "design-pdf" ? null : job.path, heavyMegapixels);
    return new Promise((resolve, reject) => {
      queue.push({ id: nextId++, job, heavy, timeoutMs: jobOptions.timeoutMs ?? defaultTimeoutMs, resolve, reject });
      dispatch();
    });
  }

  async function preflight(path: string, ordered: OrderedArtwork, jobOptions?: JobOptions): Promise<PreflightResult> {
    try {
      return (await run({ kind: "preflight", path, ordered }, jobOptions)) as PreflightResult;
    } catch (error) {
      if (error instanceof ArtworkJobTimeoutError) return unreadableResult("too-slow");
      if (error instanceof ArtworkWorkerCrashedError) return unreadableResult("too-complex");
      throw error;
    }
  }

  return {
    preflight,
    async processUpload(path, ordered, outPdfPath, jobOptions) {
      const result = await preflight(path, ordered, jobOptions);
      if (result.verdict === "fail") return { preflight: result, thumbnailJpeg: null, pdf: null };
      let made: MadeArtwork;
      try {
        made = (await run({ kind: "make", path, ordered, outPdfPath }, jobOptions)) as MadeArtwork;
      } catch (error) {
        // makePrintPdf writes to these names first; a worker stopped mid-write leaves it behind.
        await Promise.all([rm(partialPdfPath(outPdfPath), { force: true }), rm(samplesScratchPath(outPdfPath), { force: true })]);
        throw error;
      }
      return { preflight: result, thumbnailJpeg: asBuffer(made.thumbnailJpeg), pdf: made.pdf };
    },
    async thumbnail(path, jobOptions) {
      return asBuffer((await run({ kind: "thumbnail", path }, jobOptions)) as Uint8Array);
    },
    async proof(pdfPath, jobOptions) {
      return asBuffer((await run({ kind: "proof", pdfPath }, jobOptions)) as Uint8Array);
    },
    async prepareDesignImage(path, outDir, jobOptions) {
      try {
        return (await run({ kind: "design-image", path, outDir }, jobOptions)) as PreparedDesignImage;
      } catch (error) {
        if (error instanceof ArtworkJobTimeoutError) return { ok: false, message: unreadableResult("too-slow").checks[0]!.message };
        if (error instanceof ArtworkWorkerCrashedError) return { ok: false, message: unreadableResult("too-complex").checks[0]!.message };
        throw error;
      }
    },
    async renderDesign(design, images, outPdfPath, jobOptions) {
      try {
        const made = (await run({ kind: "design-pdf", design, images, outPdfPath }, jobOptions)) as MadeDesign;
        return { ...made, thumbnailJpeg: asBuffer(made.thumbnailJpeg), proofPng: asBuffer(made.proofPng) };
      } catch (error) {
        await rm(partialPdfPath(outPdfPath), { force: true });
        throw error;
      }
    },
    stats() {
      return {
        workers: slots.length,
        busy: slots.filter((s) => s.current !== null).length,
        heavy: slots.filter((s) => s.current?.heavy).length,
        queued: queue.length,
        restarts,
      };
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error("The artwork processor is closed"));
      const stopping = slots.splice(0).map((slot) => {
        slot.gone = true;
        finish(slot, (pending) => pending.reject(new Error("The artwork processor is closed")));
        return slot.worker.terminate();
      });
      await Promise.all(stopping);
    },
  };
}
