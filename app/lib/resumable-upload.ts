// The browser's resumable uploader (tus 1.0 at /api/uploads), for any upload purpose: artwork, Quick Quote
// files, and whatever registers next on the server. tus-js-client is loaded only when a page that uploads
// asks for it (a dynamic import), so no other page carries it.
//
// - The bar shows the bytes the server holds: the file goes in PATCHes of UPLOAD_CHUNK_BYTES and each
//   answer says the new offset; what is on its way is reported apart (`sentBytes`).
// - Offline, the upload pauses; back online, it carries on by itself from what the server holds.
// - After a reload the page can find an unfinished upload (by its purpose and target, from what
//   tus-js-client keeps in localStorage), ask the server how much it holds, and carry on when the customer
//   chooses the same file again (a page cannot reopen a file by itself).
import type * as TusModule from "tus-js-client";
import type { PreviousUpload, Upload as TusUpload } from "tus-js-client";
import { UPLOAD_CHUNK_BYTES, UPLOAD_MESSAGES, type UploadPurpose } from "../../domain/uploads";
import type { ApiAnswer } from "../../server/api/contract";
import { api, ApiResponseError, authHeaders, NetworkError } from "./api-client";

export type UploadOutcome = ApiAnswer<"GET /api/uploads/:uploadId">;

/** Where an upload stands, for the page to show. */
export type ResumableProgress = {
  phase: "starting" | "sending" | "offline" | "retrying" | "checking";
  /** Bytes the server has confirmed it holds. */
  heldBytes: number;
  /** Bytes sent so far, including those not yet confirmed. */
  sentBytes: number;
  totalBytes: number;
};

/** The purpose's target as Upload-Metadata carries it (artwork: orderId and version). */
export type UploadTarget = Record<string, string>;

export type ResumableUpload = {
  /** The outcome once the server has taken the whole file (its purpose's work done, or why it failed). */
  done: Promise<UploadOutcome>;
  /** Stops sending (the server keeps what it holds). */
  pause(): void;
  /** Stops and deletes what the server holds. */
  cancel(): Promise<void>;
};

export type Unfinished = {
  fileName: string;
  totalBytes: number;
  /** What the server holds of it (null when it could not be asked). */
  heldBytes: number | null;
  uploadId: string;
  previous: PreviousUpload;
};

export class UploadRefused extends ApiResponseError {
  constructor(
    message: string,
    status: number,
    readonly outcome: UploadOutcome | null,
  ) {
    super(message, status, {}, message);
  }
}

const ENDPOINT = "/api/uploads";
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

type TusLibrary = typeof TusModule;
let library: Promise<TusLibrary> | null = null;
const loadTus = () => (library ??= import("tus-js-client"));

const targetKey = (purpose: UploadPurpose, target: UploadTarget) => `${purpose}:${Object.entries(target).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${v}`).join("&")}`;
const uploadIdOf = (url: string | null | undefined) => /([0-9a-f]{32})$/.exec(url ?? "")?.[1] ?? null;

/** The unfinished upload this browser left for `purpose` and `target` (after a reload, a closed tab), with what the server holds of it. */
export async function findUnfinished(purpose: UploadPurpose, target: UploadTarget): Promise<Unfinished | null> {
  const tus = await loadTus();
  const key = targetKey(purpose, target);
  const all = await tus.defaultOptions.urlStorage.findAllUploads();
  const mine = all.filter((entry) => entry.metadata?.target === key).sort((a, b) => String(b.creationTime).localeCompare(String(a.creationTime)));
  for (const previous of mine) {
    const uploadId = uploadIdOf(previous.uploadUrl);
    if (!uploadId) continue;
    try {
      const outcome = await api("GET /api/uploads/:uploadId", { params: { uploadId }, auth: true });
      if (outcome.state !== "receiving") {
        if (previous.urlStorageKey) await tus.defaultOptions.urlStorage.removeUpload(previous.urlStorageKey);
        continue;
      }
      return { fileName: outcome.fileName, totalBytes: outcome.sizeBytes, heldBytes: outcome.receivedBytes, uploadId, previous };
    } catch (error) {
      // Gone on the server (expired, another account): forgotten here too. Offline: offered all the same.
      if (error instanceof NetworkError) return { fileName: previous.metadata?.filename ?? "your file", totalBytes: previous.size ?? 0, heldBytes: null, uploadId, previous };
      if (previous.urlStorageKey) await tus.defaultOptions.urlStorage.removeUpload(previous.urlStorageKey);
    }
  }
  return null;
}

/** Forgets an unfinished upload here and deletes what the server holds of it. */
export async function discardUnfinished(unfinished: Unfinished): Promise<void> {
  const tus = await loadTus();
  if (unfinished.previous.urlStorageKey) await tus.defaultOptions.urlStorage.removeUpload(unfinished.previous.urlStorageKey);
  if (unfinished.previous.uploadUrl) await tus.Upload.terminate(unfinished.previous.uploadUrl, { headers: authHeaders() }).catch(() => {});
}

/** True when `file` is the one an unfinished upload was made from (its name and size). */
export const isSameFile = (unfinished: Unfinished, file: File) => unfinished.fileName === file.name && unfinished.totalBytes === file.size;

async function messageOf(error: unknown): Promise<{ message: string; status: number }> {
  const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse;
  if (!response) return { message: "Network error. Please try again.", status: 0 };
  let said: string | null = null;
  try {
    said = (JSON.parse(response.getBody()) as { message?: string }).message ?? null;
  } catch {
    // not JSON
  }
  return { message: said ?? `Upload failed (${response.getStatus()})`, status: response.getStatus() };
}

/** Waits for the server to finish the purpose's work on a complete upload. */
async function outcomeOf(uploadId: string): Promise<UploadOutcome> {
  for (;;) {
    try {
      const outcome = await api("GET /api/uploads/:uploadId", { params: { uploadId }, query: { wait: 20 }, auth: true });
      if (outcome.state === "done") return outcome;
      if (outcome.state === "failed") throw new UploadRefused(outcome.message ?? "This file could not be used.", 422, outcome);
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

/**
 * Sends `file` for `purpose`/`target`, resuming the server's copy when this browser began the same file
 * before. `resume` names the unfinished upload to carry on (from findUnfinished).
 */
export function startResumableUpload(options: {
  purpose: UploadPurpose;
  target: UploadTarget;
  file: File;
  resume?: Unfinished | null;
  onProgress: (progress: ResumableProgress) => void;
}): ResumableUpload {
  const { purpose, target, file, onProgress } = options;
  const progress: ResumableProgress = { phase: "starting", heldBytes: options.resume?.heldBytes ?? 0, sentBytes: options.resume?.heldBytes ?? 0, totalBytes: file.size };
  const tell = (change: Partial<ResumableProgress>) => {
    Object.assign(progress, change);
    onProgress({ ...progress });
  };
  let upload: TusUpload | null = null;
  let stopped = false;
  let waitingForNetwork = false;
  const onOnline = () => {
    if (!waitingForNetwork || stopped || !upload) return;
    waitingForNetwork = false;
    tell({ phase: "sending" });
    upload.start();
  };
  const onOffline = () => {
    if (stopped || !upload || waitingForNetwork) return;
    // What is on its way is lost; the server keeps what it confirmed, and the next start asks it where it stands.
    waitingForNetwork = true;
    void upload.abort();
    tell({ phase: "offline", sentBytes: progress.heldBytes });
  };
  const cleanUp = () => {
    window.removeEventListener("online", onOnline);
    window.removeEventListener("offline", onOffline);
  };

  const done = new Promise<UploadOutcome>((resolve, reject) => {
    void loadTus().then(async (tus) => {
      upload = new tus.Upload(file, {
        endpoint: ENDPOINT,
        chunkSize: UPLOAD_CHUNK_BYTES,
        retryDelays: RETRY_DELAYS,
        metadata: { purpose, filename: file.name, ...(file.type ? { filetype: file.type } : {}), target: targetKey(purpose, target), ...target },
        // One entry per purpose and target: the same file for two versions is two uploads.
        fingerprint: async (f: File) => `tus::${targetKey(purpose, target)}::${f.name}::${f.size}::${f.lastModified}`,
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        // The token as it is now (it may have been renewed since the upload began).
        onBeforeRequest: (request) => {
          for (const [name, value] of Object.entries(authHeaders())) request.setHeader(name, value);
        },
        onProgress: (sent, total) => tell({ phase: waitingForNetwork ? "offline" : "sending", sentBytes: sent, totalBytes: total }),
        onChunkComplete: (_size, accepted, total) => tell({ heldBytes: accepted, totalBytes: total }),
        onShouldRetry: (error, attempt) => {
          const status = error.originalResponse?.getStatus() ?? 0;
          const retry = status === 0 || status === 409 || status === 423 || status >= 500;
          if (retry) tell({ phase: "retrying" });
          return retry && attempt < RETRY_DELAYS.length;
        },
        onError: (error) => {
          if (stopped) return;
          // Offline: not a failure. The upload waits for the network and carries on.
          if (!navigator.onLine) {
            waitingForNetwork = true;
            tell({ phase: "offline", sentBytes: progress.heldBytes });
            return;
          }
          cleanUp();
          void messageOf(error).then(({ message, status }) => reject(status === 0 ? new NetworkError(error) : new UploadRefused(message, status, null)));
        },
        onSuccess: () => {
          cleanUp();
          tell({ phase: "checking", heldBytes: file.size, sentBytes: file.size });
          const uploadId = uploadIdOf(upload?.url);
          if (!uploadId) return reject(new UploadRefused(UPLOAD_MESSAGES.expired, 410, null));
          outcomeOf(uploadId).then(resolve, reject);
        },
      });
      window.addEventListener("online", onOnline);
      window.addEventListener("offline", onOffline);
      if (options.resume) upload.resumeFromPreviousUpload(options.resume.previous);
      else {
        const previous = await upload.findPreviousUploads();
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      }
      if (!navigator.onLine) {
        waitingForNetwork = true;
        tell({ phase: "offline" });
        return;
      }
      tell({ phase: "sending" });
      upload.start();
    }, reject);
  });

  return {
    done,
    pause() {
      stopped = true;
      cleanUp();
      void upload?.abort();
    },
    async cancel() {
      stopped = true;
      cleanUp();
      await upload?.abort(true);
    },
  };
}
