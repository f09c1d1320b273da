CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_basis_points" integer NOT NULL,
	"active_from" timestamp with time zone,
	"active_to" timestamp with time zone,
	"new_customers_only" boolean DEFAULT false NOT NULL,
	"usage_limit" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_percent_range" CHECK ("promo_codes"."percent_basis_points" > 0 and "promo_codes"."percent_basis_points" <= 10000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_lower_key" ON "promo_codes" USING btree (lower("code"));