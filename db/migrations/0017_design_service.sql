CREATE TABLE "design_amends" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"proof_id" integer NOT NULL,
	"comments" text NOT NULL,
	"proof_due" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "design_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"stage" text NOT NULL,
	"amend_id" integer,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"key" text NOT NULL,
	"thumbnail_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_files_stage_check" CHECK ("design_files"."stage" in ('brief', 'amends'))
);
--> statement-breakpoint
CREATE TABLE "design_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"designs" integer NOT NULL,
	"state" text DEFAULT 'brief' NOT NULL,
	"wording" text DEFAULT '' NOT NULL,
	"colours" text DEFAULT '' NOT NULL,
	"style" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"quantities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"brief_sent_at" timestamp with time zone,
	"proof_due" date,
	"designer_user_id" integer,
	"taken_at" timestamp with time zone,
	"approved_proof_id" integer,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_jobs_state_check" CHECK ("design_jobs"."state" in ('brief', 'designing', 'proof_sent', 'approved')),
	CONSTRAINT "design_jobs_designs_check" CHECK ("design_jobs"."designs" >= 1)
);
--> statement-breakpoint
CREATE TABLE "design_proof_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"proof_id" integer NOT NULL,
	"design_number" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"original_key" text NOT NULL,
	"pdf_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"preview_key" text NOT NULL,
	"preflight" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_proof_files_design_check" CHECK ("design_proof_files"."design_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "design_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"version" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"designer_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_proofs_version_check" CHECK ("design_proofs"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "redesign_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_group_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"checkout_id" text NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "designs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "design_fee_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "turnaround_days" integer;--> statement-breakpoint
ALTER TABLE "design_amends" ADD CONSTRAINT "design_amends_job_id_design_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."design_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_amends" ADD CONSTRAINT "design_amends_proof_id_design_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."design_proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_files" ADD CONSTRAINT "design_files_job_id_design_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."design_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_files" ADD CONSTRAINT "design_files_amend_id_design_amends_id_fk" FOREIGN KEY ("amend_id") REFERENCES "public"."design_amends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_jobs" ADD CONSTRAINT "design_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_jobs" ADD CONSTRAINT "design_jobs_order_group_id_order_groups_id_fk" FOREIGN KEY ("order_group_id") REFERENCES "public"."order_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_jobs" ADD CONSTRAINT "design_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_jobs" ADD CONSTRAINT "design_jobs_designer_user_id_users_id_fk" FOREIGN KEY ("designer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_proof_files" ADD CONSTRAINT "design_proof_files_proof_id_design_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."design_proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_proofs" ADD CONSTRAINT "design_proofs_job_id_design_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."design_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_proofs" ADD CONSTRAINT "design_proofs_designer_user_id_users_id_fk" FOREIGN KEY ("designer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redesign_requests" ADD CONSTRAINT "redesign_requests_order_group_id_order_groups_id_fk" FOREIGN KEY ("order_group_id") REFERENCES "public"."order_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redesign_requests" ADD CONSTRAINT "redesign_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redesign_requests" ADD CONSTRAINT "redesign_requests_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redesign_requests" ADD CONSTRAINT "redesign_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_amends_job_idx" ON "design_amends" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "design_files_job_idx" ON "design_files" USING btree ("job_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "design_jobs_order_key" ON "design_jobs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "design_jobs_desk_idx" ON "design_jobs" USING btree ("state","proof_due","id");--> statement-breakpoint
CREATE UNIQUE INDEX "design_proof_files_design_key" ON "design_proof_files" USING btree ("proof_id","design_number");--> statement-breakpoint
CREATE UNIQUE INDEX "design_proofs_version_key" ON "design_proofs" USING btree ("job_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "redesign_requests_checkout_key" ON "redesign_requests" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "redesign_requests_group_idx" ON "redesign_requests" USING btree ("order_group_id","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_design_fee_check" CHECK ("orders"."design_fee_pence" >= 0 and "orders"."design_fee_pence" <= "orders"."line_pence" and "orders"."designs" >= 0);