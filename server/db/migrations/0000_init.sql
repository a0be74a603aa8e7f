CREATE TYPE "public"."order_status" AS ENUM('pending', 'paid', 'cancelled', 'fulfilled');--> statement-breakpoint
CREATE TYPE "public"."billing_period" AS ENUM('monthly', 'yearly');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('stripe', 'crypto', 'bank_transfer');--> statement-breakpoint
CREATE TYPE "public"."payment_purpose" AS ENUM('tier_upgrade', 'order', 'other');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('completed', 'pending', 'failed', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('active', 'pending', 'cancelled', 'expired');--> statement-breakpoint
CREATE TYPE "public"."contact_preference" AS ENUM('email', 'phone', 'secure_channel');--> statement-breakpoint
CREATE TYPE "public"."digital_service_category" AS ENUM('threat', 'reputation', 'osint', 'risk', 'trend');--> statement-breakpoint
CREATE TYPE "public"."organization_type" AS ENUM('individual', 'private_company', 'government', 'ngo', 'media', 'legal_firm');--> statement-breakpoint
CREATE TYPE "public"."service_budget_range" AS ENUM('10k-25k', '25k-50k', '50k-100k', '100k-250k', '250k+');--> statement-breakpoint
CREATE TYPE "public"."confidentiality_level" AS ENUM('standard', 'enhanced', 'maximum');--> statement-breakpoint
CREATE TYPE "public"."investigation_budget_range" AS ENUM('25k-50k', '50k-100k', '100k-250k', '250k-500k', '500k+');--> statement-breakpoint
CREATE TYPE "public"."investigation_client_type" AS ENUM('individual', 'corporate', 'government', 'legal_firm');--> statement-breakpoint
CREATE TYPE "public"."investigation_priority" AS ENUM('LOW', 'STANDARD', 'HIGH', 'URGENT');--> statement-breakpoint
CREATE TYPE "public"."investigation_service_type" AS ENUM('background-check', 'corporate-intelligence', 'digital-forensics', 'surveillance', 'location-skip-tracing', 'asset-investigation', 'fraud-investigation');--> statement-breakpoint
CREATE TYPE "public"."investigation_status" AS ENUM('PENDING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."sensitivity_level" AS ENUM('low', 'medium', 'high', 'classified');--> statement-breakpoint
CREATE TYPE "public"."vendor_application_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."vendor_business_type" AS ENUM('manufacturer', 'distributor', 'retailer', 'service_provider', 'consultant');--> statement-breakpoint
CREATE TYPE "public"."blog_category" AS ENUM('Intelligence', 'Operational Security', 'Communications', 'Digital Forensics', 'Ethics & Legal');--> statement-breakpoint
CREATE TYPE "public"."blog_classification" AS ENUM('PUBLIC', 'TIER_1', 'TIER_2');--> statement-breakpoint
CREATE TYPE "public"."communication_frequency" AS ENUM('as_needed', 'daily', 'weekly', 'monthly', 'emergency_only');--> statement-breakpoint
CREATE TYPE "public"."data_classification" AS ENUM('unclassified', 'restricted', 'confidential', 'secret', 'top_secret');--> statement-breakpoint
CREATE TYPE "public"."encryption_preference" AS ENUM('standard', 'enhanced', 'quantum', 'custom');--> statement-breakpoint
CREATE TYPE "public"."secure_channel_review_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."security_clearance" AS ENUM('none', 'confidential', 'secret', 'top_secret', 'cosmic');--> statement-breakpoint
CREATE TYPE "public"."case_category" AS ENUM('investigation', 'surveillance', 'osint', 'vip_protection', 'digital_forensics', 'threat_assessment');--> statement-breakpoint
CREATE TYPE "public"."case_priority" AS ENUM('low', 'medium', 'high', 'critical');--> statement-breakpoint
CREATE TYPE "public"."case_status" AS ENUM('open', 'in_progress', 'pending_review', 'completed', 'closed');--> statement-breakpoint
CREATE TYPE "public"."case_update_type" AS ENUM('comment', 'status_change', 'assignment', 'cost_estimate', 'internal_note');--> statement-breakpoint
CREATE TYPE "public"."notification_priority" AS ENUM('urgent', 'high', 'normal', 'low');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('case_update', 'payment_received', 'tier_upgrade', 'security_alert', 'other');--> statement-breakpoint
CREATE TYPE "public"."api_key_permission" AS ENUM('read', 'write', 'admin');--> statement-breakpoint
CREATE TYPE "public"."integration_type" AS ENUM('telegram', 'discord', 'slack', 'webhook');--> statement-breakpoint
CREATE TYPE "public"."qr_code_type" AS ENUM('secure_channel', 'case_access', 'emergency');--> statement-breakpoint
CREATE TYPE "public"."ai_analysis_status" AS ENUM('pending', 'processing', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."ai_analysis_type" AS ENUM('threat_assessment', 'pattern_analysis', 'sentiment_analysis');--> statement-breakpoint
CREATE TYPE "public"."threat_category" AS ENUM('cyber', 'physical', 'insider', 'external');--> statement-breakpoint
CREATE TYPE "public"."threat_severity" AS ENUM('critical', 'high', 'medium', 'low');--> statement-breakpoint
CREATE TYPE "public"."bulk_operation_status" AS ENUM('pending', 'processing', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."bulk_operation_type" AS ENUM('ai_analysis', 'threat_import', 'case_export');--> statement-breakpoint
CREATE TYPE "public"."device_type" AS ENUM('desktop', 'mobile', 'tablet', 'other');--> statement-breakpoint
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."case_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"subject" text,
	"ip" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"mfa_pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"tier" integer DEFAULT 1 NOT NULL,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"mfa_secret" text,
	"mfa_last_time_step" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_tier_range" CHECK ("users"."tier" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_count_positive" CHECK ("rate_limits"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "categories_slug_format" CHECK ("categories"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"vendor_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sku" text,
	"short_description" text,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"image_url" text,
	"minimum_tier" integer DEFAULT 1 NOT NULL,
	"stock_count" integer,
	"in_stock" boolean GENERATED ALWAYS AS (stock_count is null or stock_count > 0) STORED NOT NULL,
	"specifications" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(short_description, '') || ' ' || coalesce(description, '')), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_sku_unique" UNIQUE("sku"),
	CONSTRAINT "products_price_non_negative" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_stock_non_negative" CHECK ("products"."stock_count" >= 0),
	CONSTRAINT "products_minimum_tier_range" CHECK ("products"."minimum_tier" between 1 and 4),
	CONSTRAINT "products_slug_format" CHECK ("products"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_user_product_key" UNIQUE("user_id","product_id"),
	CONSTRAINT "cart_items_quantity_range" CHECK ("cart_items"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"line_total" numeric(12, 2) GENERATED ALWAYS AS (unit_price * quantity) STORED NOT NULL,
	CONSTRAINT "order_lines_order_product_key" UNIQUE("order_id","product_id"),
	CONSTRAINT "order_lines_unit_price_non_negative" CHECK ("order_lines"."unit_price" >= 0),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text DEFAULT ('ORD-' || nextval('order_number_seq')::text) NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "order_status" DEFAULT 'pending' NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"payment_id" uuid,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "orders_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "orders_total_non_negative" CHECK ("orders"."total" >= 0),
	CONSTRAINT "orders_currency_format" CHECK ("orders"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "orders_shipping_address_object" CHECK (jsonb_typeof("orders"."shipping_address") = 'object')
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"payment_method" "payment_method" DEFAULT 'stripe' NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"purpose" "payment_purpose" DEFAULT 'other' NOT NULL,
	"description" text,
	"subscription_id" uuid,
	"provider" text NOT NULL,
	"provider_reference" text,
	"confirmed_by" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_currency_format" CHECK ("payments"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payments_upgrade_has_subscription" CHECK ("payments"."purpose" <> 'tier_upgrade' or "payments"."subscription_id" is not null),
	CONSTRAINT "payments_completed_has_time" CHECK ("payments"."status" <> 'completed' or "payments"."completed_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tier" integer NOT NULL,
	"billing" "billing_period" NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" "subscription_status" DEFAULT 'pending' NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_tier_range" CHECK ("subscriptions"."tier" between 2 and 4),
	CONSTRAINT "subscriptions_amount_non_negative" CHECK ("subscriptions"."amount" >= 0),
	CONSTRAINT "subscriptions_currency_format" CHECK ("subscriptions"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "subscriptions_period_order" CHECK ("subscriptions"."current_period_end" is null or "subscriptions"."current_period_start" is null or "subscriptions"."current_period_end" > "subscriptions"."current_period_start"),
	CONSTRAINT "subscriptions_active_has_period" CHECK ("subscriptions"."status" <> 'active' or ("subscriptions"."current_period_start" is not null and "subscriptions"."current_period_end" is not null))
);
--> statement-breakpoint
CREATE TABLE "digital_services" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_description" text NOT NULL,
	"description" text NOT NULL,
	"category" "digital_service_category" NOT NULL,
	"icon_class" text NOT NULL,
	"minimum_tier" integer DEFAULT 1 NOT NULL,
	"preview_content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"full_content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digital_services_id_format" CHECK ("digital_services"."id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "digital_services_minimum_tier_range" CHECK ("digital_services"."minimum_tier" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "service_inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text NOT NULL,
	"client_phone" text NOT NULL,
	"organization_name" text,
	"organization_type" "organization_type" DEFAULT 'individual' NOT NULL,
	"service_description" text NOT NULL,
	"technical_requirements" text NOT NULL,
	"data_scope" text NOT NULL,
	"delivery_timeframe" text NOT NULL,
	"budget_range" "service_budget_range" DEFAULT '10k-25k' NOT NULL,
	"business_justification" text NOT NULL,
	"intended_use" text NOT NULL,
	"data_handling" text NOT NULL,
	"security_requirements" text,
	"compliance_needs" text,
	"preferred_meeting_time" text,
	"legal_basis" text NOT NULL,
	"ethical_clearance" boolean NOT NULL,
	"data_protection_compliance" boolean NOT NULL,
	"no_malicious_use" boolean NOT NULL,
	"contact_preference" "contact_preference" DEFAULT 'email' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_inquiries_declarations" CHECK ("service_inquiries"."ethical_clearance" and "service_inquiries"."data_protection_compliance" and "service_inquiries"."no_malicious_use")
);
--> statement-breakpoint
CREATE TABLE "investigation_catalog" (
	"id" "investigation_service_type" PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"icon" text NOT NULL,
	"minimum_tier" integer DEFAULT 1 NOT NULL,
	"pricing" text NOT NULL,
	"base_price" numeric(12, 2) NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"delivery_time" text NOT NULL,
	"category" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investigation_catalog_minimum_tier_range" CHECK ("investigation_catalog"."minimum_tier" between 1 and 4),
	CONSTRAINT "investigation_catalog_base_price_non_negative" CHECK ("investigation_catalog"."base_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "investigation_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"service_type" "investigation_service_type" NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"priority" "investigation_priority" DEFAULT 'STANDARD' NOT NULL,
	"status" "investigation_status" DEFAULT 'PENDING' NOT NULL,
	"client_type" "investigation_client_type" DEFAULT 'individual' NOT NULL,
	"organization_name" text,
	"authorized_representative" text NOT NULL,
	"representative_title" text,
	"legal_basis" text NOT NULL,
	"court_order" boolean DEFAULT false NOT NULL,
	"court_order_number" text,
	"attorney_name" text,
	"bar_number" text,
	"target_information" text NOT NULL,
	"jurisdiction_concerns" text,
	"expected_timeframe" text NOT NULL,
	"budget_range" "investigation_budget_range" DEFAULT '25k-50k' NOT NULL,
	"risk_factors" text,
	"previous_investigations" text,
	"data_retention_requirements" text,
	"reporting_requirements" text,
	"sensitivity_level" "sensitivity_level" DEFAULT 'low' NOT NULL,
	"confidentiality_level" "confidentiality_level" DEFAULT 'standard' NOT NULL,
	"lawful_purpose_declaration" boolean NOT NULL,
	"no_harassment_declaration" boolean NOT NULL,
	"compliance_agreement" boolean NOT NULL,
	"estimated_cost" numeric(12, 2),
	"assigned_agent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investigation_requests_declarations" CHECK ("investigation_requests"."lawful_purpose_declaration" and "investigation_requests"."no_harassment_declaration" and "investigation_requests"."compliance_agreement"),
	CONSTRAINT "investigation_requests_estimated_cost_non_negative" CHECK ("investigation_requests"."estimated_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"phone" text NOT NULL,
	"business_type" "vendor_business_type" NOT NULL,
	"description" text NOT NULL,
	"certifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" "vendor_application_status" DEFAULT 'PENDING' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"content" text NOT NULL,
	"category" "blog_category" NOT NULL,
	"classification" "blog_classification" DEFAULT 'PUBLIC' NOT NULL,
	"author" text NOT NULL,
	"read_time" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "blog_posts_slug_format" CHECK ("blog_posts"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "blog_posts_read_time_positive" CHECK ("blog_posts"."read_time" >= 1),
	CONSTRAINT "blog_posts_views_non_negative" CHECK ("blog_posts"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "secure_channel_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"organization" text,
	"security_clearance" "security_clearance" NOT NULL,
	"access_purpose" text NOT NULL,
	"operational_need" text NOT NULL,
	"reference_contact" text NOT NULL,
	"emergency_contact" text NOT NULL,
	"encryption_preference" "encryption_preference" NOT NULL,
	"communication_frequency" "communication_frequency" NOT NULL,
	"data_classification" "data_classification" NOT NULL,
	"compliance_requirements" text,
	"status" "secure_channel_review_status" DEFAULT 'pending' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"author_id" uuid,
	"update_type" "case_update_type" NOT NULL,
	"title" text,
	"content" text NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_updates_internal_note_is_internal" CHECK ("case_updates"."update_type" <> 'internal_note' or "case_updates"."is_internal")
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_number" text DEFAULT ('CASE-' || nextval('case_number_seq')::text) NOT NULL,
	"user_id" uuid NOT NULL,
	"assigned_agent_id" uuid,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" "case_category" NOT NULL,
	"priority" "case_priority" DEFAULT 'medium' NOT NULL,
	"status" "case_status" DEFAULT 'open' NOT NULL,
	"deadline" timestamp with time zone,
	"client_requirements" text,
	"estimated_cost" numeric(12, 2),
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cases_case_number_unique" UNIQUE("case_number"),
	CONSTRAINT "cases_estimated_cost_non_negative" CHECK ("cases"."estimated_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "notification_type" NOT NULL,
	"priority" "notification_priority" DEFAULT 'normal' NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"action_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_action_url_local" CHECK ("notifications"."action_url" is null or ("notifications"."action_url" like '/%' and "notifications"."action_url" not like '//%'))
);
--> statement-breakpoint
CREATE TABLE "mobile_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"name" text,
	"device_identifier" text NOT NULL,
	"last_active" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_devices_user_device_key" UNIQUE("user_id","device_identifier")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"permissions" "api_key_permission"[] DEFAULT '{read}'::api_key_permission[] NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"is_active" boolean GENERATED ALWAYS AS (revoked_at is null) STORED NOT NULL,
	"last_used" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "api_keys_has_permission" CHECK (cardinality("api_keys"."permissions") >= 1),
	CONSTRAINT "api_keys_key_hash_format" CHECK ("api_keys"."key_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "integration_type" NOT NULL,
	"name" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrations_config_object" CHECK (jsonb_typeof("integrations"."config") = 'object')
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "qr_code_type" NOT NULL,
	"token" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"scanned_count" integer DEFAULT 0 NOT NULL,
	"last_scanned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_codes_token_unique" UNIQUE("token"),
	CONSTRAINT "qr_codes_scanned_count_non_negative" CHECK ("qr_codes"."scanned_count" >= 0),
	CONSTRAINT "qr_codes_data_object" CHECK (jsonb_typeof("qr_codes"."data") = 'object')
);
--> statement-breakpoint
CREATE TABLE "ai_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "ai_analysis_type" NOT NULL,
	"input_data" jsonb NOT NULL,
	"status" "ai_analysis_status" DEFAULT 'pending' NOT NULL,
	"confidence" double precision,
	"results" jsonb,
	"error" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_analyses_confidence_range" CHECK ("ai_analyses"."confidence" between 0 and 1),
	CONSTRAINT "ai_analyses_input_object" CHECK (jsonb_typeof("ai_analyses"."input_data") = 'object')
);
--> statement-breakpoint
CREATE TABLE "threat_intelligence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid,
	"source" text NOT NULL,
	"category" "threat_category" NOT NULL,
	"severity" "threat_severity" NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"indicators" text[] DEFAULT '{}'::text[] NOT NULL,
	"mitigations" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"trigger" jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"execution_count" integer DEFAULT 0 NOT NULL,
	"last_executed" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_rules_execution_count_non_negative" CHECK ("automation_rules"."execution_count" >= 0),
	CONSTRAINT "automation_rules_trigger_shape" CHECK (jsonb_typeof("automation_rules"."trigger") = 'object' and ("automation_rules"."trigger"->'event') is not null and jsonb_typeof("automation_rules"."trigger"->'event') = 'string'),
	CONSTRAINT "automation_rules_actions_array" CHECK (jsonb_typeof("automation_rules"."actions") = 'array')
);
--> statement-breakpoint
CREATE TABLE "enterprise_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"domain" text NOT NULL,
	"tier" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_clients_tier_range" CHECK ("enterprise_clients"."tier" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "bulk_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "bulk_operation_type" NOT NULL,
	"status" "bulk_operation_status" DEFAULT 'pending' NOT NULL,
	"total_items" integer DEFAULT 0 NOT NULL,
	"processed_items" integer DEFAULT 0 NOT NULL,
	"failed_items" integer DEFAULT 0 NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_operations_failed_non_negative" CHECK ("bulk_operations"."failed_items" >= 0),
	CONSTRAINT "bulk_operations_counts_order" CHECK ("bulk_operations"."failed_items" <= "bulk_operations"."processed_items" and "bulk_operations"."processed_items" <= "bulk_operations"."total_items")
);
--> statement-breakpoint
CREATE TABLE "search_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"query" text NOT NULL,
	"result_count" integer NOT NULL,
	"clicked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_log_result_count_non_negative" CHECK ("search_log"."result_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"path" text NOT NULL,
	"device_type" "device_type" NOT NULL,
	"session_id" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"classification" text NOT NULL,
	"clearance_level" text NOT NULL,
	"specializations" text[] DEFAULT '{}'::text[] NOT NULL,
	"bio" text NOT NULL,
	"operational_history" text[] DEFAULT '{}'::text[] NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"security_clearance" text NOT NULL,
	"years_active" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_id_format" CHECK ("team_members"."id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "team_members_years_active_non_negative" CHECK ("team_members"."years_active" >= 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_inquiries" ADD CONSTRAINT "service_inquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_inquiries" ADD CONSTRAINT "service_inquiries_service_id_digital_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."digital_services"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "investigation_requests" ADD CONSTRAINT "investigation_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investigation_requests" ADD CONSTRAINT "investigation_requests_service_type_investigation_catalog_id_fk" FOREIGN KEY ("service_type") REFERENCES "public"."investigation_catalog"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investigation_requests" ADD CONSTRAINT "investigation_requests_assigned_agent_id_users_id_fk" FOREIGN KEY ("assigned_agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD CONSTRAINT "vendor_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD CONSTRAINT "vendor_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_channel_requests" ADD CONSTRAINT "secure_channel_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_channel_requests" ADD CONSTRAINT "secure_channel_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_updates" ADD CONSTRAINT "case_updates_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_updates" ADD CONSTRAINT "case_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_assigned_agent_id_users_id_fk" FOREIGN KEY ("assigned_agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_devices" ADD CONSTRAINT "mobile_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_analyses" ADD CONSTRAINT "ai_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threat_intelligence" ADD CONSTRAINT "threat_intelligence_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_clients" ADD CONSTRAINT "enterprise_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_operations" ADD CONSTRAINT "bulk_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_log" ADD CONSTRAINT "search_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_user_created_idx" ON "audit_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "products_category_name_idx" ON "products" USING btree ("category_id","name");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name");--> statement-breakpoint
CREATE INDEX "products_vendor_idx" ON "products" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_key" ON "payments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_subscription_idx" ON "payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "payments_pending_created_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_completed_at_idx" ON "payments" USING btree ("completed_at") WHERE "payments"."status" = 'completed';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_active_per_user" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "subscriptions_user_created_idx" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_active_period_end_idx" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "service_inquiries_user_created_idx" ON "service_inquiries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "investigation_requests_user_created_idx" ON "investigation_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "investigation_requests_agent_created_idx" ON "investigation_requests" USING btree ("assigned_agent_id","created_at");--> statement-breakpoint
CREATE INDEX "investigation_requests_created_idx" ON "investigation_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vendor_applications_user_created_idx" ON "vendor_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_applications_pending_created_idx" ON "vendor_applications" USING btree ("created_at") WHERE "vendor_applications"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "vendor_applications_created_idx" ON "vendor_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("published_at") WHERE "blog_posts"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "blog_posts_category_published_idx" ON "blog_posts" USING btree ("category","published_at") WHERE "blog_posts"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "secure_channel_requests_status_created_idx" ON "secure_channel_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "case_updates_case_created_idx" ON "case_updates" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "cases_user_created_idx" ON "cases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "cases_agent_created_idx" ON "cases" USING btree ("assigned_agent_id","created_at");--> statement-breakpoint
CREATE INDEX "cases_created_idx" ON "cases" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."is_read";--> statement-breakpoint
CREATE INDEX "mobile_devices_user_last_active_idx" ON "mobile_devices" USING btree ("user_id","last_active");--> statement-breakpoint
CREATE INDEX "api_keys_user_created_idx" ON "api_keys" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "integrations_user_created_idx" ON "integrations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "qr_codes_user_created_idx" ON "qr_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_analyses_user_created_idx" ON "ai_analyses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "threat_intelligence_created_idx" ON "threat_intelligence" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "threat_intelligence_category_created_idx" ON "threat_intelligence" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "threat_intelligence_severity_created_idx" ON "threat_intelligence" USING btree ("severity","created_at");--> statement-breakpoint
CREATE INDEX "automation_rules_user_created_idx" ON "automation_rules" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "automation_rules_user_event_idx" ON "automation_rules" USING btree ("user_id",("trigger"->>'event')) WHERE "automation_rules"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_clients_domain_key" ON "enterprise_clients" USING btree (lower("domain"));--> statement-breakpoint
CREATE INDEX "enterprise_clients_created_idx" ON "enterprise_clients" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bulk_operations_user_created_idx" ON "bulk_operations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "search_log_created_query_idx" ON "search_log" USING btree ("created_at","query");--> statement-breakpoint
CREATE INDEX "page_views_created_idx" ON "page_views" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "page_views_path_created_idx" ON "page_views" USING btree ("path","created_at");