CREATE INDEX "order_groups_status_delivery_idx" ON "order_groups" USING btree ("status","delivery_date","id");--> statement-breakpoint
CREATE INDEX "order_groups_status_total_idx" ON "order_groups" USING btree ("status","total_pence","id");--> statement-breakpoint
CREATE INDEX "order_groups_payment_delivery_idx" ON "order_groups" USING btree ("payment_method","delivery_date","id");--> statement-breakpoint
CREATE INDEX "order_groups_payment_total_idx" ON "order_groups" USING btree ("payment_method","total_pence","id");--> statement-breakpoint
CREATE INDEX "order_groups_created_keys_idx" ON "order_groups" USING btree ("created_at","delivery_date","total_pence","id");--> statement-breakpoint
CREATE INDEX "order_groups_delivery_keys_idx" ON "order_groups" USING btree ("delivery_date","created_at","total_pence","id");--> statement-breakpoint
CREATE INDEX "order_groups_active_total_idx" ON "order_groups" USING btree ("total_pence","id","delivery_date","status") WHERE "order_groups"."status" not in ('Dispatched', 'Shipped', 'Cancelled');