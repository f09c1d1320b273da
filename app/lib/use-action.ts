import { useState } from "react";
import { errorMessage } from "./api-client";

/** What a failed call says to the person: the server's message, or that the network failed. */
export const actionMessage = (network: string) => (error: unknown) => errorMessage(error, network);

/**
 * A form's one call at a time: `busy` while it runs, `problem` when it failed (in the words `messageOf`
 * gives), cleared when the next try starts.
 */
export function useAction(messageOf: (error: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}
