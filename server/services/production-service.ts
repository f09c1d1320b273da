// The staff side of an order: the production queue, a job's full picture, status moves (through the one
// transition table), artwork rejection, dispatch with tracking, packing slips, print files as one ZIP, and
// the mail outbox's failures. Nothing here knows about HTTP.
// The parts, in production/: production-types.ts (the shapes), production-context.ts (what the parts share),
// production-queue.ts (the queue, its cursor and a job), status-moves.ts (move, undo, reject), dispatch.ts,
// paperwork.ts (label and packing slip), print-files.ts (the ZIP) and outbox-failures.ts (failed mails).
import { dispatchOrders } from "./production/dispatch";
import { outboxFailures } from "./production/outbox-failures";
import { paperwork } from "./production/paperwork";
import { printFiles } from "./production/print-files";
import { productionContext } from "./production/production-context";
import { productionQueue } from "./production/production-queue";
import type { ProductionDeps, ProductionService } from "./production/production-types";
import { statusMoves } from "./production/status-moves";

export { decodeQueueCursor, encodeQueueCursor, parseStatus, QUEUE_PAGE_SIZE } from "./production/production-queue";
export type { ProductionDeps, ProductionService, QueueCursor, QueueEntry, QueueFilters } from "./production/production-types";

export function createProductionService(deps: ProductionDeps): ProductionService {
  const context = productionContext(deps);
  return {
    ...productionQueue(context),
    ...statusMoves(context),
    ...dispatchOrders(context),
    ...paperwork(context),
    ...printFiles(context),
    ...outboxFailures(context),
  };
}
