CREATE TABLE "payment_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" text NOT NULL,
	"purpose" text NOT NULL,
	"application_id" integer,
	"user_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text DEFAULT 'Awaiting' NOT NULL,
	"tracking_id" text,
	"bank_ref_no" text,
	"payment_mode" text,
	"status_message" text,
	"settled_by" text,
	"gateway_response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"order_id" text PRIMARY KEY NOT NULL,
	"tracking_id" text NOT NULL,
	"outcome" text NOT NULL,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"bank_ref_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_order_id_key" ON "payment_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_tracking_id_key" ON "payment_orders" USING btree ("tracking_id");--> statement-breakpoint
CREATE INDEX "payment_orders_application_idx" ON "payment_orders" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "payment_orders_awaiting_idx" ON "payment_orders" USING btree ("created_at") WHERE "payment_orders"."status" = 'Awaiting';