// One designed item's design job, loaded for its order and kept as the customer's answers move it on.
import { useEffect, useState } from "react";
import { fetchDesign, type DesignJob } from "../../lib/design-jobs-api";

/** The job (null while loading), whether loading failed, and `update` for a job an answer gave back. */
export function useDesignJob(orderId: number, onChanged?: () => void) {
  const [job, setJob] = useState<DesignJob | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchDesign(orderId, controller.signal).then(setJob, (error: unknown) => {
      if ((error as Error).name !== "AbortError") setFailed(true);
    });
    return () => controller.abort();
  }, [orderId]);
  const update = (next: DesignJob) => {
    setJob(next);
    if (next.state === "approved") onChanged?.();
  };
  return { job, failed, update };
}
