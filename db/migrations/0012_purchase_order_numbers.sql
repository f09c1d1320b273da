ALTER TABLE "checkouts" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "po_number" text;