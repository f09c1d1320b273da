// Resumable uploads (tus 1.0) for any purpose: artwork, Quick Quote files, and whatever registers next.
// A purpose says who may send it and when (checked at creation and again at completion), how large it may
// be, which kinds of file it takes (by their first bytes), and what to do with the whole file. This service
// keeps the uploads table (owner, purpose, state), runs each completion exactly once (a lease on the row,
// so a process that dies mid-way is taken over), and sweeps what expired. The bytes wait in the tus store
// (tus-store.ts) and the locks are PostgreSQL advisory locks (locker.ts).
// The parts: upload-types.ts (the types, re-exported here), upload-context.ts (what the parts share: settings,
// the tus store, the purposes, the locks and the row reads), upload-intake.ts (creating an upload and checking
// its first bytes as they arrive), upload-completion.ts (the completion, run once, and its outcome),
// upload-claim.ts (held files taken by a later request) and upload-sweep.ts (dismissal and the sweep).
import { uploadClaim } from "./upload-claim";
import { uploadCompletion } from "./upload-completion";
import { uploadContext } from "./upload-context";
import { uploadIntake } from "./upload-intake";
import { uploadSweep } from "./upload-sweep";
import type { PurposeDefinition, UploadService, UploadServiceDeps } from "./upload-types";

export { HEAD_BYTES_DEFAULT } from "./upload-context";
export type { CompletionOutcome, HeadGate, PurposeDefinition, UploadRow, UploadService, UploadServiceDeps, UploadView } from "./upload-types";

export function createUploadService(deps: UploadServiceDeps): UploadService {
  const context = uploadContext(deps);
  const { tus, locker, expiryMs, purposes, findOwn, closeLocks } = context;
  const { finish, outcome } = uploadCompletion(context);
  const { create, headGate, refuse, terminated } = uploadIntake(context);
  const { forget, sweep } = uploadSweep(context, finish);
  const { claim } = uploadClaim(context);

  return {
    tus,
    locker,
    expiryMs,

    register(purpose) {
      purposes.set(purpose.name, purpose as PurposeDefinition<unknown>);
    },

    create,
    find: findOwn,
    headGate,
    refuse,
    finish,
    terminated,
    forget,
    outcome,
    claim,
    sweep,
    close: closeLocks,
  };
}
