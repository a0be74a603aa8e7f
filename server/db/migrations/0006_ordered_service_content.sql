ALTER TABLE "digital_services" ALTER COLUMN "preview_content" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "digital_services" ALTER COLUMN "preview_content" SET DEFAULT '{}'::json;--> statement-breakpoint
ALTER TABLE "digital_services" ALTER COLUMN "full_content" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "digital_services" ALTER COLUMN "full_content" SET DEFAULT '{}'::json;