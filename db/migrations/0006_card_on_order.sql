ALTER TABLE "order_groups" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD COLUMN "card_brand" text;