// Failures of a file (not of our code), so callers can turn them into a customer's `unreadable`
// answer instead of a server error.
import type { UnreadableReason } from "../../domain/preflight";

export class UnreadableArtworkError extends Error {
  constructor(
    readonly reason: UnreadableReason,
    detail: string,
  ) {
    super(detail);
    this.name = "UnreadableArtworkError";
  }
}
