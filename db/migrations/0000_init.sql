CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"mode" text NOT NULL,
	"secret_hash" text NOT NULL,
	"twins_scope" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_secret_hash_unique" UNIQUE("secret_hash"),
	CONSTRAINT "api_keys_mode" CHECK ("api_keys"."mode" in ('live', 'test'))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"org_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"type" text NOT NULL,
	"created" bigint NOT NULL,
	"twin_id" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "events_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"org_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"twin_id" text,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_org_id_livemode_key_pk" PRIMARY KEY("org_id","livemode","key"),
	CONSTRAINT "idempotency_keys_state" CHECK ("idempotency_keys"."state" in ('in_flight', 'done'))
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"max_concurrent" integer DEFAULT 3 NOT NULL,
	"max_daily_live" integer DEFAULT 200 NOT NULL,
	"max_daily_test" integer DEFAULT 20 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_balance_nonnegative" CHECK ("organizations"."balance" >= 0),
	CONSTRAINT "organizations_limits_nonnegative" CHECK ("organizations"."max_concurrent" >= 0 and "organizations"."max_daily_live" >= 0 and "organizations"."max_daily_test" >= 0)
);
--> statement-breakpoint
CREATE TABLE "twins" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"org_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"status" text NOT NULL,
	"created" bigint NOT NULL,
	"completed" bigint,
	"filename" text NOT NULL,
	"end_user" text,
	"error" jsonb,
	"upload_key" text,
	"upload_bytes" bigint,
	"content_key" text,
	"content_bytes" bigint,
	"content_expired" boolean DEFAULT false NOT NULL,
	"twinning_key" text,
	"confidential" jsonb,
	"charged" boolean DEFAULT false NOT NULL,
	"counts" jsonb,
	CONSTRAINT "twins_seq_unique" UNIQUE("seq"),
	CONSTRAINT "twins_status" CHECK ("twins"."status" in ('queued', 'running', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"org_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"url" text NOT NULL,
	"secret_enc" text NOT NULL,
	"created" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "webhook_endpoints_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twins" ADD CONSTRAINT "twins_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_org_idx" ON "api_keys" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "events_org_mode_seq_idx" ON "events" USING btree ("org_id","livemode","seq");--> statement-breakpoint
CREATE INDEX "events_twin_idx" ON "events" USING btree ("twin_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "twins_org_mode_seq_idx" ON "twins" USING btree ("org_id","livemode","seq");--> statement-breakpoint
CREATE INDEX "twins_org_mode_end_user_seq_idx" ON "twins" USING btree ("org_id","livemode","end_user","seq");--> statement-breakpoint
CREATE INDEX "twins_org_mode_created_idx" ON "twins" USING btree ("org_id","livemode","created");--> statement-breakpoint
CREATE INDEX "twins_org_mode_status_idx" ON "twins" USING btree ("org_id","livemode","status");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_org_mode_seq_idx" ON "webhook_endpoints" USING btree ("org_id","livemode","seq");