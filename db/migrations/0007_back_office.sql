CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"version" integer NOT NULL,
	"inputs" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"source" text NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "product_attributes" ADD COLUMN "working_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_qty" integer DEFAULT 100000 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "quantity_tiers" jsonb DEFAULT '[{"minQty":5,"percent":5},{"minQty":10,"percent":10},{"minQty":15,"percent":15},{"minQty":20,"percent":20},{"minQty":25,"percent":25}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_line_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "min_spend_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_versions" ADD CONSTRAINT "price_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_versions" ADD CONSTRAINT "price_versions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_versions_product_version_key" ON "price_versions" USING btree ("product_id","version");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'staff', 'manager'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_qty_at_least_min" CHECK ("products"."max_qty" >= "products"."min_qty");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_min_line_nonnegative" CHECK ("products"."min_line_pence" >= 0);--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_limits_positive" CHECK (("promo_codes"."usage_limit" is null or "promo_codes"."usage_limit" >= 0) and ("promo_codes"."per_customer_limit" is null or "promo_codes"."per_customer_limit" >= 1) and "promo_codes"."min_spend_pence" >= 0);