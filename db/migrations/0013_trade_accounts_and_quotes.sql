CREATE TABLE "account_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"received_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_payments_amount_check" CHECK ("account_payments"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sub_total_pence" integer DEFAULT 0 NOT NULL,
	"delivery_pence" integer DEFAULT 0 NOT NULL,
	"vat_pence" integer DEFAULT 0 NOT NULL,
	"total_pence" integer DEFAULT 0 NOT NULL,
	"turnaround_days" integer,
	"request" jsonb,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"valid_until" date,
	"priced_at" timestamp with time zone,
	"priced_by" integer,
	"order_group_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_total_check" CHECK ("quotes"."total_pence" = "quotes"."sub_total_pence" + "quotes"."delivery_pence" + "quotes"."vat_pence"),
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('requested', 'open', 'ordered'))
);
--> statement-breakpoint
CREATE TABLE "trade_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"credit_limit_pence" integer NOT NULL,
	"terms_days" integer DEFAULT 30 NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"opened_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_accounts_limit_check" CHECK ("trade_accounts"."credit_limit_pence" >= 0 and "trade_accounts"."terms_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_order_group_id_order_groups_id_fk" FOREIGN KEY ("order_group_id") REFERENCES "public"."order_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_priced_by_users_id_fk" FOREIGN KEY ("priced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_group_id_order_groups_id_fk" FOREIGN KEY ("order_group_id") REFERENCES "public"."order_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_payments_user_idx" ON "account_payments" USING btree ("user_id","received_on");--> statement-breakpoint
CREATE INDEX "account_payments_group_idx" ON "account_payments" USING btree ("order_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_key" ON "quotes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "quotes_user_idx" ON "quotes" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","id");