ALTER TABLE "categories" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subcategories" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;