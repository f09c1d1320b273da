// The design service (docs/decisions/027-design-service-money-and-dates.md): the customer's brief and files, the designers' desk, numbered
// proofs checked against the ordered size like customer artwork, amends, and sign-off. The item keeps the
// order lifecycle (Awaiting Artwork until approval, then Print Ready through the one status writer); the
// job's own progress is in design_jobs. Every change is decided inside one transaction with the job's row
// locked, so two approvals, two designers taking one brief, or an approval racing amends have one winner.
// Emails go through the outbox in the transaction that records what they say.
// The parts: design-job-context.ts (what they share), brief-and-files.ts (the customer's brief and files),
// designer-desk.ts (the designers' side) and proof-answers.ts (amends and approval).
import type { DesignJobService, DesignJobServiceDeps } from "./design-job-types";
import { designJobContext } from "./design-job-context";
import { briefAndFiles } from "./brief-and-files";
import { designerDesk } from "./designer-desk";
import { proofAnswers } from "./proof-answers";

export type {
  DesignAmendRow,
  DesignFileRow,
  DesignJobDetail,
  DesignJobRow,
  DesignJobService,
  DesignJobServiceDeps,
  DesignProofFileRow,
  DesignProofRow,
  DeskEntry,
  FileVariant,
} from "./design-job-types";

export function createDesignJobService(deps: DesignJobServiceDeps): DesignJobService {
  const context = designJobContext(deps);
  const { jobOf, ownedJob, detailOf } = context;
  return {
    async jobForOwner(userId, orderId) {
      const job = await ownedJob(userId, orderId);
      return job ? detailOf(job) : null;
    },

    async jobForStaff(orderId) {
      const job = await jobOf(orderId);
      return job ? detailOf(job) : null;
    },

    ...briefAndFiles(context),
    ...proofAnswers(context),
    ...designerDesk(context),
  };
}
