CREATE INDEX "order_groups_created_idx" ON "order_groups" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "order_groups_delivery_idx" ON "order_groups" USING btree ("delivery_date","id");--> statement-breakpoint
CREATE INDEX "order_groups_total_idx" ON "order_groups" USING btree ("total_pence","id");--> statement-breakpoint
CREATE INDEX "order_groups_status_created_idx" ON "order_groups" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "order_groups_payment_created_idx" ON "order_groups" USING btree ("payment_method","created_at","id");--> statement-breakpoint
CREATE INDEX "order_groups_active_created_idx" ON "order_groups" USING btree ("created_at","id") WHERE "order_groups"."status" not in ('Dispatched', 'Shipped', 'Cancelled');--> statement-breakpoint
CREATE INDEX "order_groups_active_delivery_idx" ON "order_groups" USING btree ("delivery_date","id") WHERE "order_groups"."status" not in ('Dispatched', 'Shipped', 'Cancelled');--> statement-breakpoint
CREATE INDEX "order_groups_po_idx" ON "order_groups" USING btree (lower("po_number"));--> statement-breakpoint
CREATE INDEX "order_groups_tracking_idx" ON "order_groups" USING btree (upper(replace("tracking_number", ' ', '')));--> statement-breakpoint
CREATE INDEX "order_groups_delivery_postcode_idx" ON "order_groups" USING btree (upper(replace("delivery" ->> 'postcode', ' ', '')));--> statement-breakpoint
CREATE INDEX "order_groups_billing_postcode_idx" ON "order_groups" USING btree (upper(replace("billing" ->> 'postcode', ' ', '')));--> statement-breakpoint
CREATE INDEX "order_groups_billing_name_idx" ON "order_groups" USING btree (lower(("billing" ->> 'first_name') || ' ' || ("billing" ->> 'last_name')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "order_groups_billing_last_name_idx" ON "order_groups" USING btree (lower("billing" ->> 'last_name') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_product_group_idx" ON "orders" USING btree ("product_id","order_group_id");--> statement-breakpoint
CREATE INDEX "orders_express_group_idx" ON "orders" USING btree ("order_group_id") WHERE "orders"."express";