// One resumable upload slot for a page (ADR 041): the brief's files, the editor's pictures. It sends files
// one at a time over tus (resumable-upload.ts), keeps the progress the page shows (the bytes the server
// holds), and after a reload offers the upload this browser left unfinished for the same purpose and
// target: choosing the same file again carries on from what the server holds.
import { useEffect, useRef, useState } from "react";
import type { UploadPurpose } from "../../domain/uploads";
import { discardUnfinished, findUnfinished, isSameFile, startResumableUpload, type ResumableProgress, type ResumableUpload, type Unfinished, type UploadOutcome, type UploadTarget } from "./resumable-upload";

export type ResumableSlot = {
  /** The running upload's progress (null when none runs). */
  progress: ResumableProgress | null;
  /** The name of the file being sent. */
  fileName: string | null;
  /** An upload left unfinished by an earlier visit, offered to carry on. */
  unfinished: Unfinished | null;
  /** Sends `file`, resuming the unfinished upload when it is the same file; resolves with the purpose's outcome. */
  send(file: File): Promise<UploadOutcome>;
  /** Forgets the unfinished upload and deletes what the server holds of it. */
  discard(): Promise<void>;
  /** Stops the running upload and deletes what the server holds of it. */
  cancel(): Promise<void>;
};

const CANCELLED = "The upload was cancelled.";

/** `target` null: nothing to look for yet (a guest in the editor keeps pictures in the browser). */
export function useResumableUpload(purpose: UploadPurpose, target: UploadTarget | null): ResumableSlot {
  const [progress, setProgress] = useState<ResumableProgress | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [unfinished, setUnfinished] = useState<Unfinished | null>(null);
  const left = useRef<Unfinished | null>(null);
  const running = useRef<ResumableUpload | null>(null);
  const stopWaiting = useRef<(() => void) | null>(null);
  const targetKey = target ? JSON.stringify(target) : null;

  useEffect(() => {
    if (!targetKey) return;
    let cancelled = false;
    void findUnfinished(purpose, JSON.parse(targetKey) as UploadTarget).then(
      (found) => {
        if (cancelled || running.current) return;
        left.current = found;
        setUnfinished(found);
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [purpose, targetKey]);

  const forget = () => {
    left.current = null;
    setUnfinished(null);
  };

  async function send(file: File): Promise<UploadOutcome> {
    const previous = left.current;
    const resume = previous && isSameFile(previous, file) ? previous : null;
    // Another file than the one left unfinished: what the server holds of that one goes.
    if (previous && !resume) void discardUnfinished(previous);
    forget();
    const held = resume?.heldBytes ?? 0;
    setFileName(file.name);
    setProgress({ phase: "starting", heldBytes: held, sentBytes: held, totalBytes: file.size });
    const handle = startResumableUpload({ purpose, target: target ?? {}, file, resume, onProgress: setProgress });
    running.current = handle;
    // A cancelled upload never finishes: the caller is told it was cancelled instead of waiting for ever.
    const cancelled = new Promise<never>((_, reject) => {
      stopWaiting.current = () => reject(new Error(CANCELLED));
    });
    try {
      return await Promise.race([handle.done, cancelled]);
    } finally {
      if (running.current === handle) {
        stopWaiting.current = null;
        running.current = null;
        setProgress(null);
        setFileName(null);
      }
    }
  }

  async function discard() {
    const previous = left.current;
    forget();
    if (previous) await discardUnfinished(previous);
  }

  async function cancel() {
    const handle = running.current;
    running.current = null;
    stopWaiting.current?.();
    stopWaiting.current = null;
    setProgress(null);
    setFileName(null);
    await handle?.cancel();
  }

  return { progress, fileName, unfinished, send, discard, cancel };
}
