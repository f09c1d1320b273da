DROP INDEX "order_groups_created_idx";--> statement-breakpoint
DROP INDEX "order_groups_delivery_idx";--> statement-breakpoint
DROP INDEX "order_groups_total_idx";--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
UPDATE "order_groups" SET "product_ids" = "p"."ids" FROM (SELECT "order_group_id", array_agg(DISTINCT "product_id" ORDER BY "product_id") AS "ids" FROM "orders" GROUP BY "order_group_id") AS "p" WHERE "p"."order_group_id" = "order_groups"."id";--> statement-breakpoint
CREATE INDEX "order_groups_created_idx" ON "order_groups" USING btree ("created_at","id","product_ids");--> statement-breakpoint
CREATE INDEX "order_groups_delivery_idx" ON "order_groups" USING btree ("delivery_date","id","product_ids");--> statement-breakpoint
CREATE INDEX "order_groups_total_idx" ON "order_groups" USING btree ("total_pence","id","product_ids");