// The design service (docs/decisions/027-design-service-money-and-dates.md): the customer's brief and files, the designers' desk, numbered
// proofs checked against the ordered size like customer artwork, amends, and sign-off. The item keeps the
// order lifecycle (Awaiting Artwork until approval, then Print Ready through the one status writer); the
// job's own progress is in design_jobs. Every change is decided inside one transaction with the job's row
// locked, so two approvals, two designers taking one brief, or an approval racing amends have one winner.
// Emails go through the outbox in the transaction that records what they say.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { designAmends, designFiles, designJobs, designProofFiles, designProofs, orderFiles, orderGroups, orders, users } from "../../../db/schema";
import { orderedArtworkSize, shortFileName } from "../../../domain/artwork";
import { formatDeliveryDate, ukWallClockToDate } from "../../../domain/delivery";
import {
  amendsDue,
  BRIEF_LIMITS,
  briefProblem,
  canMoveDesign,
  deliveryFromApproval,
  DESIGN_MESSAGES,
  designQuantities,
  firstProofDue,
  proofRefusal,
  type DesignState,
} from "../../../domain/design-service";
import type { Brief } from "../../../domain/design-brief";
import { designDeskEmail, proofReadyEmail, designApprovedEmail, type DeskNews } from "../../integrations/email/design-templates";
import type { FileStorage } from "../../integrations/storage/storage";
import type { ShopDetails } from "../../config";
import { UnreadableArtworkError } from "../../artwork/errors";
import { sniffArtwork } from "../../artwork/sniff";
import type { ArtworkProcessor, Preflight, UploadedFile } from "../artwork-service";
import { enqueueEmail, type EmailSender } from "../email-outbox";
import { failure, type Failure, type Outcome } from "../outcome";
import { changeItemStatus } from "../status-change";

export type DesignJobRow = typeof designJobs.$inferSelect;
export type DesignFileRow = typeof designFiles.$inferSelect;
export type DesignProofRow = typeof designProofs.$inferSelect;
export type DesignProofFileRow = typeof designProofFiles.$inferSelect;
export type DesignAmendRow = typeof designAmends.$inferSelect;

/** A job with everything its page shows: the item, the brief's files, every proof and every amends. */
export type DesignJobDetail = {
  job: DesignJobRow;
  item: typeof orders.$inferSelect;
  customer: { firstname: string; lastname: string; email: string };
  designerName: string | null;
  briefFiles: DesignFileRow[];
  /** Files the customer added toward amends not yet sent. */
  pendingFiles: DesignFileRow[];
  proofs: (DesignProofRow & { designerName: string | null; files: DesignProofFileRow[] })[];
  amends: (DesignAmendRow & { files: DesignFileRow[] })[];
};

export type DeskEntry = {
  job: DesignJobRow;
  item: Pick<typeof orders.$inferSelect, "id" | "orderGroupId" | "productName" | "quantity" | "widthMm" | "heightMm" | "fixedSize" | "orientation" | "status">;
  customerName: string;
  designerName: string | null;
  proofs: number;
};

export type FileVariant = "original" | "thumbnail" | "preview" | "pdf";

export type DesignJobService = {
  /** The job of a designed item of this customer, or null (someone else's, or not designed). */
  jobForOwner(userId: number, orderId: number): Promise<DesignJobDetail | null>;
  jobForStaff(orderId: number): Promise<DesignJobDetail | null>;
  /** Saves the brief; `send` also sends it to the desk (once), setting the first proof's due date. */
  saveBrief(userId: number, orderId: number, brief: Brief, send: boolean, now?: Date): Promise<Outcome<{ detail: DesignJobDetail }>>;
  /** A logo, photo or reference for the brief (before it is sent) or for amends (while a proof waits), checked by content. */
  addFile(userId: number, orderId: number, upload: UploadedFile): Promise<Outcome<{ file: DesignFileRow }>>;
  /** Whether the customer may add a file now (their item, not cancelled, brief or amends open, room left): addFile's gates before any byte arrives. */
  canAddFile(userId: number, orderId: number): Promise<Outcome>;
  /** Removes a file not yet sent to the designer. */
  removeFile(userId: number, orderId: number, fileId: number): Promise<Outcome>;
  askAmends(userId: number, orderId: number, input: { version: number; comments: string }, now?: Date): Promise<Outcome<{ detail: DesignJobDetail }>>;
  /** Approves the latest proof: it becomes the item's print artwork and the item moves to Print Ready. */
  approve(userId: number, orderId: number, version: number, now?: Date): Promise<Outcome<{ detail: DesignJobDetail }>>;
  /** The designers' desk: every job not yet approved of an item not cancelled. */
  desk(): Promise<DeskEntry[]>;
  /** A designer takes a brief: of two taking it at once, one wins. */
  take(staffUserId: number, orderId: number): Promise<Outcome<{ detail: DesignJobDetail }>>;
  /** Sends the next numbered proof: one file per design, each preflighted against the ordered size. */
  sendProof(staffUserId: number, orderId: number, input: { note: string; files: (UploadedFile | undefined)[] }, now?: Date): Promise<Outcome<{ detail: DesignJobDetail }, { preflight?: Preflight; design?: number }>>;
  /** A brief/amends file or a proof file, for the job's customer or staff; null otherwise. */
  openFile(source: "brief" | "proof", fileId: number, variant: FileVariant, viewer: { userId: number; staff: boolean }): Promise<{ key: string; contentType: string; downloadName: string } | null>;
};

const FILES_WHEN = "Files can be sent with your brief, or with amends once a proof is ready.";
/** Where a file added now goes: the brief before it is sent, amends while a proof waits; nowhere otherwise. */
const stageOf = (state: DesignState) => (state === "brief" ? ("brief" as const) : state === "proof_sent" ? ("amends" as const) : null);

export type DesignJobServiceDeps = {
  db: Db;
  storage: FileStorage;
  processor: ArtworkProcessor;
  shop: ShopDetails;
  publicUrl: string;
  sender: Pick<EmailSender, "kick">;
  tmpDir: string;
};

const safeName = (name: string) => name.replace(/\.[^.]+$/, "").replace(/[^\w.-]+/g, "-").slice(0, 60) || "file";
const extensionOf = (kind: string) => (kind === "jpeg" ? "jpg" : kind === "tiff" ? "tif" : kind);

export function createDesignJobService(deps: DesignJobServiceDeps): DesignJobService {
  const { db, storage, processor, shop, sender, tmpDir } = deps;
  const publicUrl = deps.publicUrl.replace(/\/$/, "");
  const messageIdDomain = shop.email.split("@")[1];

  async function detailOf(job: DesignJobRow): Promise<DesignJobDetail | null> {
    const [item] = await db.select().from(orders).where(eq(orders.id, job.orderId));
    if (!item) return null;
    const [[customer], [designer], files, proofRows, amendRows] = await Promise.all([
      db.select({ firstname: users.firstname, lastname: users.lastname, email: users.email }).from(users).where(eq(users.id, job.userId)),
      job.designerUserId === null ? Promise.resolve([]) : db.select({ firstname: users.firstname }).from(users).where(eq(users.id, job.designerUserId)),
      db.select().from(designFiles).where(eq(designFiles.jobId, job.id)).orderBy(asc(designFiles.id)),
      db
        .select({ proof: designProofs, designerName: users.firstname })
        .from(designProofs)
        .leftJoin(users, eq(users.id, designProofs.designerUserId))
        .where(eq(designProofs.jobId, job.id))
        .orderBy(asc(designProofs.version)),
      db.select().from(designAmends).where(eq(designAmends.jobId, job.id)).orderBy(asc(designAmends.id)),
    ]);
    const proofFiles =
      proofRows.length === 0
        ? []
        : await db
            .select()
            .from(designProofFiles)
            .where(inArray(designProofFiles.proofId, proofRows.map((row) => row.proof.id)))
            .orderBy(asc(designProofFiles.designNumber));
    return {
      job,
      item,
      customer: customer ?? { firstname: "", lastname: "", email: "" },
      designerName: designer?.firstname ?? null,
      briefFiles: files.filter((file) => file.stage === "brief"),
      pendingFiles: files.filter((file) => file.stage === "amends" && file.amendId === null),
      proofs: proofRows.map((row) => ({ ...row.proof, designerName: row.designerName ?? null, files: proofFiles.filter((file) => file.proofId === row.proof.id) })),
      amends: amendRows.map((amend) => ({ ...amend, files: files.filter((file) => file.amendId === amend.id) })),
    };
  }

  async function jobOf(orderId: number): Promise<DesignJobRow | null> {
    if (!Number.isSafeInteger(orderId) || orderId < 1) return null;
    const [job] = await db.select().from(designJobs).where(eq(designJobs.orderId, orderId));
    return job ?? null;
  }

  async function ownedJob(userId: number, orderId: number): Promise<DesignJobRow | null> {
    const job = await jobOf(orderId);
    return job && job.userId === userId ? job : null;
  }

  /** The job's row locked for this transaction, with its item's status: every decision is made on these. */
  async function lockJob(tx: Tx, jobId: number) {
    const [locked] = await tx
      .select({ job: designJobs, status: orders.status })
      .from(designJobs)
      .innerJoin(orders, eq(orders.id, designJobs.orderId))
      .where(eq(designJobs.id, jobId))
      .for("update", { of: designJobs });
    return locked ?? null;
  }

  async function latestProof(tx: Tx | Db, jobId: number): Promise<DesignProofRow | null> {
    const [proof] = await tx.select().from(designProofs).where(eq(designProofs.jobId, jobId)).orderBy(desc(designProofs.version)).limit(1);
    return proof ?? null;
  }

  async function reload(jobId: number): Promise<DesignJobDetail> {
    const [job] = await db.select().from(designJobs).where(eq(designJobs.id, jobId));
    return (await detailOf(job!))!;
  }

  /** Where the desk hears of a job: the designer who took it, else the shop's own inbox. */
  async function deskAddress(tx: Tx, job: DesignJobRow): Promise<string> {
    if (job.designerUserId === null) return shop.email;
    const [designer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, job.designerUserId));
    return designer?.email ?? shop.email;
  }

  /** `deliveryIfApproved`: the delivery date an approval on the day the next proof is due (or today) would give. */
  async function tellDesk(tx: Tx, job: DesignJobRow, item: typeof orders.$inferSelect, deliveryIfApproved: string, news: DeskNews): Promise<void> {
    const [customer] = await tx.select({ firstname: users.firstname, lastname: users.lastname }).from(users).where(eq(users.id, job.userId));
    const content = designDeskEmail(
      shop,
      {
        orderGroupId: item.orderGroupId,
        productName: item.productName,
        quantity: item.quantity,
        customer: `${customer?.firstname ?? ""} ${customer?.lastname ?? ""}`.trim() || "The customer",
        jobUrl: `${publicUrl}/staff/design/${item.id}`,
        deliveryIfApproved: formatDeliveryDate(deliveryIfApproved),
      },
      news,
    );
    await enqueueEmail(tx, { to: await deskAddress(tx, job), messageIdDomain, ...content });
  }

  const orderUrl = (orderGroupId: number) => `${publicUrl}/my-account/orders/${orderGroupId}`;

  async function copyObject(from: string, to: string, contentType: string): Promise<void> {
    const object = await storage.open(from);
    if (!object) throw new Error(`stored design file ${from} is missing`);
    const temp = path.join(tmpDir, `${randomUUID()}.copy`);
    await fs.promises.mkdir(tmpDir, { recursive: true });
    try {
      await pipeline(object.stream, fs.createWriteStream(temp));
      await storage.putFile(to, temp, contentType);
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }

  const refusedFor = (state: DesignState, status: string): Failure | null => (status === "Cancelled" ? failure("conflict", DESIGN_MESSAGES.cancelled) : state === "approved" ? failure("conflict", DESIGN_MESSAGES.alreadyApproved) : null);

  return {
    async jobForOwner(userId, orderId) {
      const job = await ownedJob(userId, orderId);
      return job ? detailOf(job) : null;
    },

    async jobForStaff(orderId) {
      const job = await jobOf(orderId);
      return job ? detailOf(job) : null;
    },

    async saveBrief(userId, orderId, brief, send, now = new Date()) {
      const owned = await ownedJob(userId, orderId);
      if (!owned) return failure("not-found", "Not found");
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const locked = await lockJob(tx, owned.id);
        if (!locked) return failure("not-found", "Not found");
        const { job, status } = locked;
        if (status === "Cancelled") return failure("conflict", DESIGN_MESSAGES.cancelled);
        if (job.state !== "brief") return failure("conflict", DESIGN_MESSAGES.briefAlreadySent);
        const [item] = await tx.select().from(orders).where(eq(orders.id, job.orderId));
        const problem = send ? briefProblem(brief, { quantity: item!.quantity, designs: job.designs }) : null;
        if (problem) return failure("invalid", problem);
        const due = send ? firstProofDue(now) : null;
        const [saved] = await tx
          .update(designJobs)
          .set({
            wording: brief.wording,
            colours: brief.colours,
            style: brief.style,
            notes: brief.notes,
            quantities: job.designs > 1 ? brief.quantities : [],
            ...(send ? { state: "designing" as const, briefSentAt: now, proofDue: due } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(designJobs.id, job.id))
          .returning();
        if (send) await tellDesk(tx, saved!, item!, deliveryFromApproval(ukWallClockToDate(due!, 9), item!.turnaroundDays ?? 3), { kind: "brief", dueDate: formatDeliveryDate(due!) });
        return { ok: true };
      });
      if (!outcome.ok) return outcome;
      if (send) sender.kick();
      return { ok: true, detail: await reload(owned.id) };
    },

    async canAddFile(userId, orderId) {
      const owned = await ownedJob(userId, orderId);
      if (!owned) return failure("not-found", "Not found");
      const [item] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, owned.orderId));
      if (!item) return failure("not-found", "Not found");
      if (item.status === "Cancelled") return failure("conflict", DESIGN_MESSAGES.cancelled);
      const stage = stageOf(owned.state);
      if (!stage) return failure("conflict", FILES_WHEN);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(designFiles)
        .where(and(eq(designFiles.jobId, owned.id), eq(designFiles.stage, stage), stage === "amends" ? isNull(designFiles.amendId) : undefined));
      return Number(count?.n ?? 0) >= BRIEF_LIMITS.files ? failure("limited", DESIGN_MESSAGES.tooManyFiles) : { ok: true };
    },

    async addFile(userId, orderId, upload) {
      const owned = await ownedJob(userId, orderId);
      if (!owned) return failure("not-found", "Not found");
      if (!stageOf(owned.state)) return failure("conflict", FILES_WHEN);
      // Checked by what the file is, never by its name or the browser's word.
      const sniffed = await sniffArtwork(upload.path).catch((error: unknown) => {
        if (error instanceof UnreadableArtworkError) return { kind: null, detected: null };
        throw error;
      });
      if (!sniffed.kind) return failure("unprocessable", DESIGN_MESSAGES.fileKind(sniffed.detected));
      const thumb = await processor.thumbnail(upload.path).catch(() => null);
      const prefix = `design/${owned.orderGroupId}/${owned.orderId}/files/${randomUUID()}`;
      const key = `${prefix}/${safeName(upload.fileName)}.${extensionOf(sniffed.kind)}`;
      await storage.putFile(key, upload.path, sniffed.kind === "pdf" ? "application/pdf" : `image/${sniffed.kind}`);
      if (thumb) await storage.putBuffer(`${prefix}/thumb.jpg`, thumb, "image/jpeg");
      const saved = await db.transaction(async (tx): Promise<Outcome<{ file: DesignFileRow }>> => {
        const locked = await lockJob(tx, owned.id);
        if (!locked) return failure("not-found", "Not found");
        if (locked.status === "Cancelled") return failure("conflict", DESIGN_MESSAGES.cancelled);
        const stage = stageOf(locked.job.state);
        if (!stage) return failure("conflict", FILES_WHEN);
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(designFiles)
          .where(and(eq(designFiles.jobId, owned.id), eq(designFiles.stage, stage), stage === "amends" ? isNull(designFiles.amendId) : undefined));
        if (Number(count?.n ?? 0) >= BRIEF_LIMITS.files) return failure("limited", DESIGN_MESSAGES.tooManyFiles);
        const [file] = await tx
          .insert(designFiles)
          .values({
            jobId: owned.id,
            stage,
            fileName: shortFileName(upload.fileName),
            contentType: sniffed.kind === "pdf" ? "application/pdf" : `image/${sniffed.kind}`,
            sizeBytes: upload.size,
            key,
            thumbnailKey: thumb ? `${prefix}/thumb.jpg` : null,
          })
          .returning();
        return { ok: true, file: file! };
      });
      if (!saved.ok) await storage.deletePrefix(`${prefix}/`);
      return saved;
    },

    async removeFile(userId, orderId, fileId) {
      const owned = await ownedJob(userId, orderId);
      if (!owned || !Number.isSafeInteger(fileId)) return failure("not-found", "Not found");
      const removed = await db.transaction(async (tx): Promise<Outcome<{ key: string }>> => {
        const locked = await lockJob(tx, owned.id);
        if (!locked) return failure("not-found", "Not found");
        const [file] = await tx.select().from(designFiles).where(and(eq(designFiles.id, fileId), eq(designFiles.jobId, owned.id)));
        if (!file) return failure("not-found", "Not found");
        const pending = (file.stage === "brief" && locked.job.state === "brief") || (file.stage === "amends" && file.amendId === null && locked.job.state === "proof_sent");
        if (!pending) return failure("conflict", DESIGN_MESSAGES.fileSent);
        await tx.delete(designFiles).where(eq(designFiles.id, file.id));
        return { ok: true, key: file.key };
      });
      if (!removed.ok) return removed;
      await storage.deletePrefix(removed.key.slice(0, removed.key.lastIndexOf("/") + 1));
      return { ok: true };
    },

    async askAmends(userId, orderId, input, now = new Date()) {
      const owned = await ownedJob(userId, orderId);
      if (!owned) return failure("not-found", "Not found");
      const comments = input.comments.trim();
      if (comments === "") return failure("invalid", DESIGN_MESSAGES.commentsRequired);
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const locked = await lockJob(tx, owned.id);
        if (!locked) return failure("not-found", "Not found");
        const { job, status } = locked;
        const refused = refusedFor(job.state, status);
        if (refused) return refused;
        const latest = await latestProof(tx, job.id);
        if (!latest || job.state !== "proof_sent") return failure("conflict", DESIGN_MESSAGES.noProof);
        if (latest.version !== input.version) return failure("conflict", DESIGN_MESSAGES.notLatest(latest.version));
        if (!canMoveDesign(job.state, "designing")) return failure("conflict", DESIGN_MESSAGES.noProof);
        const due = amendsDue(now);
        const [amend] = await tx.insert(designAmends).values({ jobId: job.id, proofId: latest.id, comments: comments.slice(0, BRIEF_LIMITS.comments), proofDue: due }).returning();
        const attached = await tx
          .update(designFiles)
          .set({ amendId: amend!.id })
          .where(and(eq(designFiles.jobId, job.id), eq(designFiles.stage, "amends"), isNull(designFiles.amendId)))
          .returning({ id: designFiles.id });
        const [saved] = await tx.update(designJobs).set({ state: "designing", proofDue: due, updatedAt: sql`now()` }).where(eq(designJobs.id, job.id)).returning();
        const [item] = await tx.select().from(orders).where(eq(orders.id, job.orderId));
        await tellDesk(tx, saved!, item!, deliveryFromApproval(ukWallClockToDate(due, 9), item!.turnaroundDays ?? 3), { kind: "amends", version: latest.version, comments, dueDate: formatDeliveryDate(due), files: attached.length });
        return { ok: true };
      });
      if (!outcome.ok) return outcome;
      sender.kick();
      return { ok: true, detail: await reload(owned.id) };
    },

    async approve(userId, orderId, version, now = new Date()) {
      const owned = await ownedJob(userId, orderId);
      if (!owned) return failure("not-found", "Not found");
      const proof = await latestProof(db, owned.id);
      if (!proof || owned.state === "brief" || owned.state === "designing") return failure("conflict", DESIGN_MESSAGES.noProof);
      if (owned.state === "approved") return failure("conflict", DESIGN_MESSAGES.alreadyApproved);
      if (proof.version !== version) return failure("conflict", DESIGN_MESSAGES.notLatest(proof.version));
      const files = await db.select().from(designProofFiles).where(eq(designProofFiles.proofId, proof.id)).orderBy(asc(designProofFiles.designNumber));
      // The approved proof becomes the item's print artwork: its files are copied into the item's artwork
      // folders first (storage is not transactional); the transaction below decides, and a loser's copies go.
      const prefix = `orders/${owned.orderGroupId}/${owned.orderId}`;
      const copies = files.map((file) => ({ file, folder: `${prefix}/v${file.designNumber}-${randomUUID()}` }));
      for (const { file, folder } of copies) {
        await copyObject(file.pdfKey, `${folder}/print.pdf`, "application/pdf");
        await copyObject(file.thumbnailKey, `${folder}/thumb.jpg`, "image/jpeg");
        await copyObject(file.previewKey, `${folder}/proof.png`, "image/png");
        await copyObject(file.originalKey, `${folder}/original`, "application/octet-stream");
      }
      const dropCopies = () => Promise.all(copies.map(({ folder }) => storage.deletePrefix(`${folder}/`)));
      let outcome: Outcome<{ deliveryDate: string; unsentKeys: string[] }>;
      try {
        outcome = await db.transaction(async (tx): Promise<Outcome<{ deliveryDate: string; unsentKeys: string[] }>> => {
          const locked = await lockJob(tx, owned.id);
          if (!locked) return failure("not-found", "Not found");
          const { job, status } = locked;
          const refused = refusedFor(job.state, status);
          if (refused) return refused;
          const latest = await latestProof(tx, job.id);
          if (!latest || job.state !== "proof_sent") return failure("conflict", DESIGN_MESSAGES.noProof);
          if (latest.id !== proof.id) return failure("conflict", DESIGN_MESSAGES.notLatest(latest.version));
          const [item] = await tx.select().from(orders).where(eq(orders.id, job.orderId));
          const quantities = designQuantities({ quantity: item!.quantity, designs: job.designs }, job.quantities);
          await tx.delete(orderFiles).where(eq(orderFiles.orderId, job.orderId));
          await tx.insert(orderFiles).values(
            copies.map(({ file, folder }) => ({
              orderId: job.orderId,
              versionNumber: file.designNumber,
              quantity: quantities[file.designNumber - 1] ?? item!.quantity,
              fileName: file.fileName,
              contentType: file.contentType,
              sizeBytes: file.sizeBytes,
              originalKey: `${folder}/original`,
              pdfKey: `${folder}/print.pdf`,
              thumbnailKey: `${folder}/thumb.jpg`,
              proofKey: `${folder}/proof.png`,
              preflight: file.preflight,
              approved: true,
              notes: `Design proof version ${proof.version}, approved by the customer`,
            })),
          );
          // Production lead times begin at approval: the item's delivery date is counted from today.
          const deliveryDate = deliveryFromApproval(now, item!.turnaroundDays ?? 3);
          const moved = await changeItemStatus(tx, job.orderId, "Print Ready", { kind: "customer", userId }, {
            note: `Design proof version ${proof.version} approved; delivery by ${formatDeliveryDate(deliveryDate)}`,
            set: { deliveryDate, rejectionReason: null },
          });
          if (!moved.ok) return moved;
          if (!moved.changed) return failure("conflict", DESIGN_MESSAGES.alreadyApproved);
          const [saved] = await tx
            .update(designJobs)
            .set({ state: "approved", approvedProofId: proof.id, approvedAt: now, proofDue: null, updatedAt: sql`now()` })
            .where(eq(designJobs.id, job.id))
            .returning();
          // The order arrives when its last item does.
          const [latestDate] = await tx
            .select({ date: sql<string>`max(${orders.deliveryDate})::text` })
            .from(orders)
            .where(and(eq(orders.orderGroupId, item!.orderGroupId), ne(orders.status, "Cancelled")));
          if (latestDate?.date) await tx.update(orderGroups).set({ deliveryDate: latestDate.date, updatedAt: sql`now()` }).where(eq(orderGroups.id, item!.orderGroupId));
          const [customer] = await tx.select({ firstname: users.firstname, email: users.email }).from(users).where(eq(users.id, job.userId));
          const [group] = await tx.select({ email: orderGroups.userEmail }).from(orderGroups).where(eq(orderGroups.id, item!.orderGroupId));
          const words = { orderGroupId: item!.orderGroupId, productName: item!.productName, quantity: item!.quantity };
          await enqueueEmail(tx, {
            to: group?.email ?? customer!.email,
            messageIdDomain,
            ...designApprovedEmail(shop, { ...words, firstname: customer?.firstname ?? "", version: proof.version, deliveryDate: formatDeliveryDate(deliveryDate), orderUrl: orderUrl(item!.orderGroupId) }),
          });
          await tellDesk(tx, saved!, item!, deliveryDate, { kind: "approved", version: proof.version, deliveryDate: formatDeliveryDate(deliveryDate) });
          // Files added towards amends that were never asked for: approval ends the rounds, so nobody would see them.
          const unsent = await tx
            .delete(designFiles)
            .where(and(eq(designFiles.jobId, job.id), eq(designFiles.stage, "amends"), isNull(designFiles.amendId)))
            .returning({ key: designFiles.key });
          return { ok: true, deliveryDate, unsentKeys: unsent.map((file) => file.key) };
        });
      } catch (error) {
        await dropCopies();
        throw error;
      }
      if (!outcome.ok) {
        await dropCopies();
        return outcome;
      }
      for (const key of outcome.unsentKeys) await storage.deletePrefix(key.slice(0, key.lastIndexOf("/") + 1));
      sender.kick();
      return { ok: true, detail: await reload(owned.id) };
    },

    async desk() {
      const rows = await db
        .select({
          job: designJobs,
          item: {
            id: orders.id,
            orderGroupId: orders.orderGroupId,
            productName: orders.productName,
            quantity: orders.quantity,
            widthMm: orders.widthMm,
            heightMm: orders.heightMm,
            fixedSize: orders.fixedSize,
            orientation: orders.orientation,
            status: orders.status,
          },
          firstname: users.firstname,
          lastname: users.lastname,
          proofs: sql<number>`(select count(*)::int from "design_proofs" as "p" where "p"."job_id" = "design_jobs"."id")`,
          designerName: sql<string | null>`(select "d"."firstname" from "users" as "d" where "d"."id" = "design_jobs"."designer_user_id")`,
        })
        .from(designJobs)
        .innerJoin(orders, eq(orders.id, designJobs.orderId))
        .innerJoin(users, eq(users.id, designJobs.userId))
        .where(and(ne(designJobs.state, "approved"), ne(orders.status, "Cancelled")))
        // Proofs owed first, most urgent first; then jobs with the customer, then briefs not yet sent.
        .orderBy(sql`case ${designJobs.state} when 'designing' then 0 when 'proof_sent' then 1 else 2 end`, asc(designJobs.proofDue), asc(designJobs.id))
        .limit(500);
      return rows.map((row) => ({ job: row.job, item: row.item, customerName: `${row.firstname} ${row.lastname}`.trim(), designerName: row.designerName ?? null, proofs: Number(row.proofs) }));
    },

    async take(staffUserId, orderId) {
      const job = await jobOf(orderId);
      if (!job) return failure("not-found", "Not found");
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const locked = await lockJob(tx, job.id);
        if (!locked) return failure("not-found", "Not found");
        const refused = refusedFor(locked.job.state, locked.status);
        if (refused) return refused;
        if (locked.job.designerUserId === staffUserId) return { ok: true };
        if (locked.job.designerUserId !== null) {
          const [holder] = await tx.select({ firstname: users.firstname }).from(users).where(eq(users.id, locked.job.designerUserId));
          return failure("conflict", DESIGN_MESSAGES.takenBy(holder?.firstname ?? "Another designer"));
        }
        await tx.update(designJobs).set({ designerUserId: staffUserId, takenAt: sql`now()`, updatedAt: sql`now()` }).where(eq(designJobs.id, job.id));
        return { ok: true };
      });
      if (!outcome.ok) return outcome;
      return { ok: true, detail: await reload(job.id) };
    },

    async sendProof(staffUserId, orderId, input, now = new Date()) {
      const job = await jobOf(orderId);
      if (!job) return failure("not-found", "Not found");
      const [item] = await db.select().from(orders).where(eq(orders.id, job.orderId));
      if (!item) return failure("not-found", "Not found");
      const early = refusedFor(job.state, item.status);
      if (early) return early;
      if (job.designerUserId === null) return failure("conflict", DESIGN_MESSAGES.notTaken);
      if (job.designerUserId !== staffUserId) {
        const [holder] = await db.select({ firstname: users.firstname }).from(users).where(eq(users.id, job.designerUserId));
        return failure("conflict", DESIGN_MESSAGES.takenBy(holder?.firstname ?? "Another designer"));
      }
      if (job.state !== "designing") return failure("conflict", DESIGN_MESSAGES.notDesigning(job.state));
      const size = orderedArtworkSize(item);
      if (!size) return failure("conflict", "This item has no size to check the proof against.");
      for (let design = 1; design <= job.designs; design++) {
        if (!input.files[design - 1]) return failure("invalid", DESIGN_MESSAGES.proofFile(design));
      }

      // Each design is checked and made print-ready like customer artwork, at the ordered size.
      const folder = `design/${job.orderGroupId}/${job.orderId}/proof-${randomUUID()}`;
      const made: Omit<typeof designProofFiles.$inferInsert, "proofId">[] = [];
      try {
        for (let design = 1; design <= job.designs; design++) {
          const upload = input.files[design - 1]!;
          const workPdf = path.join(tmpDir, `${randomUUID()}.pdf`);
          try {
            const processed = await processor.processUpload(upload.path, { ...size, versions: 1 }, workPdf);
            const refusal = proofRefusal(processed.preflight);
            if (refusal || !processed.pdf || !processed.thumbnailJpeg) {
              await storage.deletePrefix(`${folder}/`);
              return { ok: false, reason: "unprocessable", message: job.designs > 1 ? `Design ${design}: ${refusal ?? "This file cannot be printed."}` : (refusal ?? "This file cannot be printed."), preflight: processed.preflight, design };
            }
            const preview = await processor.proof(workPdf);
            const keys = { original: `${folder}/d${design}/original`, pdf: `${folder}/d${design}/print.pdf`, thumb: `${folder}/d${design}/thumb.jpg`, preview: `${folder}/d${design}/preview.png` };
            await storage.putFile(keys.original, upload.path, "application/octet-stream");
            await storage.putFile(keys.pdf, workPdf, "application/pdf");
            await storage.putBuffer(keys.thumb, processed.thumbnailJpeg, "image/jpeg");
            await storage.putBuffer(keys.preview, preview, "image/png");
            made.push({
              designNumber: design,
              fileName: shortFileName(upload.fileName),
              contentType: upload.declaredType.slice(0, 100),
              sizeBytes: upload.size,
              originalKey: keys.original,
              pdfKey: keys.pdf,
              thumbnailKey: keys.thumb,
              previewKey: keys.preview,
              preflight: processed.preflight,
            });
          } finally {
            await fs.promises.rm(workPdf, { force: true });
          }
        }
      } catch (error) {
        await storage.deletePrefix(`${folder}/`);
        throw error;
      }

      const outcome = await db.transaction(async (tx): Promise<Outcome<{ version: number }>> => {
        const locked = await lockJob(tx, job.id);
        if (!locked) return failure("not-found", "Not found");
        const refused = refusedFor(locked.job.state, locked.status);
        if (refused) return refused;
        if (locked.job.designerUserId !== staffUserId) return failure("conflict", DESIGN_MESSAGES.notTaken);
        if (!canMoveDesign(locked.job.state, "proof_sent")) return failure("conflict", DESIGN_MESSAGES.notDesigning(locked.job.state));
        const latest = await latestProof(tx, job.id);
        const version = (latest?.version ?? 0) + 1;
        const [proof] = await tx.insert(designProofs).values({ jobId: job.id, version, note: input.note.trim().slice(0, BRIEF_LIMITS.comments), designerUserId: staffUserId }).returning();
        await tx.insert(designProofFiles).values(made.map((file) => ({ ...file, proofId: proof!.id })));
        await tx.update(designJobs).set({ state: "proof_sent", proofDue: null, updatedAt: sql`now()` }).where(eq(designJobs.id, job.id));
        const [customer] = await tx.select({ firstname: users.firstname }).from(users).where(eq(users.id, job.userId));
        const [group] = await tx.select({ email: orderGroups.userEmail }).from(orderGroups).where(eq(orderGroups.id, job.orderGroupId));
        await enqueueEmail(tx, {
          to: group!.email,
          messageIdDomain,
          ...proofReadyEmail(shop, {
            orderGroupId: item.orderGroupId,
            productName: item.productName,
            quantity: item.quantity,
            firstname: customer?.firstname ?? "",
            version,
            note: proof!.note,
            deliveryIfApprovedToday: formatDeliveryDate(deliveryFromApproval(now, item.turnaroundDays ?? 3)),
            orderUrl: orderUrl(item.orderGroupId),
          }),
        });
        return { ok: true, version };
      });
      if (!outcome.ok) {
        await storage.deletePrefix(`${folder}/`);
        return outcome;
      }
      sender.kick();
      return { ok: true, detail: await reload(job.id) };
    },

    async openFile(source, fileId, variant, viewer) {
      if (!Number.isSafeInteger(fileId) || fileId < 1) return null;
      if (source === "brief") {
        const [row] = await db
          .select({ file: designFiles, userId: designJobs.userId })
          .from(designFiles)
          .innerJoin(designJobs, eq(designJobs.id, designFiles.jobId))
          .where(eq(designFiles.id, fileId));
        if (!row || (!viewer.staff && row.userId !== viewer.userId)) return null;
        if (variant === "thumbnail") return row.file.thumbnailKey ? { key: row.file.thumbnailKey, contentType: "image/jpeg", downloadName: `${safeName(row.file.fileName)}-thumbnail.jpg` } : null;
        if (variant !== "original") return null;
        return { key: row.file.key, contentType: row.file.contentType, downloadName: row.file.fileName };
      }
      const [row] = await db
        .select({ file: designProofFiles, userId: designJobs.userId, version: designProofs.version })
        .from(designProofFiles)
        .innerJoin(designProofs, eq(designProofs.id, designProofFiles.proofId))
        .innerJoin(designJobs, eq(designJobs.id, designProofs.jobId))
        .where(eq(designProofFiles.id, fileId));
      if (!row || (!viewer.staff && row.userId !== viewer.userId)) return null;
      const base = `proof-v${row.version}-design-${row.file.designNumber}`;
      switch (variant) {
        case "thumbnail":
          return { key: row.file.thumbnailKey, contentType: "image/jpeg", downloadName: `${base}-thumbnail.jpg` };
        case "preview":
          return { key: row.file.previewKey, contentType: "image/png", downloadName: `${base}.png` };
        case "pdf":
          return { key: row.file.pdfKey, contentType: "application/pdf", downloadName: `${base}.pdf` };
        case "original":
          // The designer's working file is the shop's; customers get the PDF and the preview.
          return viewer.staff ? { key: row.file.originalKey, contentType: "application/octet-stream", downloadName: row.file.fileName } : null;
      }
    },
  };
}
