// Entry point of an artwork worker thread: runs one job at a time for the pool in processor.ts.
// libvips gets one thread here because the pool already gives each core its own worker.
import { parentPort } from "node:worker_threads";
import sharp from "sharp";
import { replyTo, type JobRequest, type WorkerReady } from "./jobs";

sharp.concurrency(1);
sharp.cache(false);

const port = parentPort;
if (!port) throw new Error("artwork-worker.ts must be started as a worker thread");
port.on("message", (request: JobRequest) => {
  void replyTo(request).then((reply) => port.postMessage(reply));
});
port.postMessage({ ready: true } satisfies WorkerReady);
