CREATE TABLE "checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"lines" jsonb NOT NULL,
	"promo_code" text,
	"promo_basis_points" integer DEFAULT 0 NOT NULL,
	"sub_total_pence" integer NOT NULL,
	"promo_discount_pence" integer NOT NULL,
	"delivery_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"billing" jsonb NOT NULL,
	"delivery" jsonb NOT NULL,
	"blind_shipping" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_group_id" integer,
	CONSTRAINT "checkouts_total_check" CHECK ("checkouts"."total_pence" = "checkouts"."sub_total_pence" - "checkouts"."promo_discount_pence" + "checkouts"."delivery_pence" + "checkouts"."vat_pence")
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_group_id" integer NOT NULL,
	"order_id" integer,
	"actor_user_id" integer,
	"actor" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"version_number" integer NOT NULL,
	"quantity" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"original_key" text,
	"pdf_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"proof_key" text,
	"preflight" jsonb,
	"approved" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_files_quantity_check" CHECK ("order_files"."quantity" >= 1 and "order_files"."version_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "order_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"user_email" text NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"payment_method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"sub_total_pence" integer NOT NULL,
	"promo_code" text,
	"promo_basis_points" integer DEFAULT 0 NOT NULL,
	"promo_discount_pence" integer NOT NULL,
	"delivery_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"billing" jsonb NOT NULL,
	"delivery" jsonb NOT NULL,
	"blind_shipping" jsonb,
	"delivery_date" date NOT NULL,
	"invoice_number" integer,
	"carrier" text,
	"tracking_number" text,
	"dispatched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_groups_total_check" CHECK ("order_groups"."total_pence" = "order_groups"."sub_total_pence" - "order_groups"."promo_discount_pence" + "order_groups"."delivery_pence" + "order_groups"."vat_pence")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"product_slug" text NOT NULL,
	"image" text,
	"quantity" integer NOT NULL,
	"versions" integer NOT NULL,
	"width_mm" double precision,
	"height_mm" double precision,
	"orientation" text,
	"fixed_size" text,
	"attributes" jsonb NOT NULL,
	"express" boolean DEFAULT false NOT NULL,
	"unit_pence" integer NOT NULL,
	"undiscounted_line_pence" integer NOT NULL,
	"tier_percent" integer NOT NULL,
	"line_pence" integer NOT NULL,
	"delivery_date" date NOT NULL,
	"status" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"attributes_attached_at" timestamp with time zone,
	"reuse_artwork_from" integer,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" >= 1 and "orders"."versions" >= 1 and "orders"."versions" <= "orders"."quantity")
);
--> statement-breakpoint
CREATE TABLE "test_payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"client_reference_id" text NOT NULL,
	"customer_email" text NOT NULL,
	"amount_total_pence" integer NOT NULL,
	"currency" text NOT NULL,
	"line_items" jsonb NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"card_last4" text,
	"declines" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_group_id_order_groups_id_fk" FOREIGN KEY ("order_group_id") REFERENCES "public"."order_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_group_id_order_groups_id_fk" FOREIGN KEY ("order_group_id") REFERENCES "public"."order_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_provider_session_key" ON "checkouts" USING btree ("provider_session_id");--> statement-breakpoint
CREATE INDEX "checkouts_user_idx" ON "checkouts" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "checkouts_promo_pending_idx" ON "checkouts" USING btree (lower("promo_code"),"status");--> statement-breakpoint
CREATE INDEX "order_events_group_idx" ON "order_events" USING btree ("order_group_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_files_version_key" ON "order_files" USING btree ("order_id","version_number");--> statement-breakpoint
CREATE UNIQUE INDEX "order_groups_checkout_key" ON "order_groups" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_groups_invoice_number_key" ON "order_groups" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "order_groups_user_created_idx" ON "order_groups" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_groups_email_idx" ON "order_groups" USING btree (lower("user_email"));--> statement-breakpoint
CREATE INDEX "orders_group_idx" ON "orders" USING btree ("order_group_id","line_number");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_status_delivery_idx" ON "orders" USING btree ("status","delivery_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_sessions_idempotency_key" ON "test_payment_sessions" USING btree ("idempotency_key");