// The production service's shapes (server/services/production-service.ts): the queue's filters, cursor and
// entries, the service itself and what it is built from.
import type { Readable } from "node:stream";
import type { Db } from "../../../db/client";
import type { emailOutbox } from "../../../db/schema";
import type { OrderStatus } from "../../../domain/order-status";
import type { Urgency } from "../../../domain/production";
import type { ShopDetails } from "../../config";
import type { FileStorage } from "../../integrations/storage/storage";
import type { EmailSender } from "../email-outbox";
import type { OrderGroupDetail, OrderService } from "../order-service";
import type { Outcome } from "../outcome";

export type QueueFilters = { status?: OrderStatus | "active" | "all"; q?: string; productId?: number; turnaround?: "express" | "standard" };
export type QueueCursor = { deliveryDate: string; id: number };
export type QueueEntry = {
  orderId: number;
  orderGroupId: number;
  productName: string;
  productId: number;
  quantity: number;
  versions: number;
  size: string;
  status: OrderStatus;
  express: boolean;
  deliveryDate: string;
  customerName: string;
  customerEmail: string;
  urgency: Urgency;
  shipUnbranded: boolean;
};

export type ProductionService = {
  queue(filters: QueueFilters, limit: number, after?: QueueCursor, now?: Date): Promise<{ entries: QueueEntry[]; next: QueueCursor | null; counts: Record<string, number> }>;
  job(orderGroupId: number): Promise<(OrderGroupDetail & { customer: { firstname: string; lastname: string; email: string; telephone: string } }) | null>;
  move(orderId: number, to: OrderStatus, staffUserId: number, note?: string | null): Promise<Outcome>;
  reject(orderId: number, reason: string, staffUserId: number): Promise<Outcome>;
  /** A manager's correction: the item's last production move undone, one step back, with a reason. */
  undo(orderId: number, reason: string, managerUserId: number): Promise<Outcome>;
  dispatch(orderGroupId: number, carrier: string, trackingNumber: string, staffUserId: number): Promise<Outcome>;
  packingSlip(orderGroupId: number): Promise<Uint8Array | null>;
  labelData(group: OrderGroupDetail): { from: { name: string; address: string }; to: { name: string; address: string; phone: string | null } };
  /** Every print PDF of the order as one ZIP, streamed (never held whole in memory). */
  /** `not-found` for an unknown order; a `conflict` naming what is missing rather than an archive without it. */
  printFilesZip(orderGroupId: number): Promise<Outcome<{ stream: Readable; fileName: string }>>;
  failedEmails(): Promise<(typeof emailOutbox.$inferSelect)[]>;
  requeueEmail(id: number): Promise<boolean>;
};

export type ProductionDeps = { db: Db; orders: OrderService; storage: FileStorage; shop: ShopDetails; publicUrl: string; sender: Pick<EmailSender, "kick"> };
