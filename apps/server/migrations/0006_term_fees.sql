CREATE TABLE "academic_year_closings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "academic_year_closings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"year" integer NOT NULL,
	"moved_count" integer NOT NULL,
	"completed_count" integer NOT NULL,
	"closed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fee_term_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"mode" text NOT NULL,
	"reference" text,
	"remarks" text,
	"receipt_no" text NOT NULL,
	"payment_order_id" integer,
	"recorded_by" integer,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_name" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text,
	"total_rows" integer NOT NULL,
	"imported_rows" integer NOT NULL,
	"skipped_rows" integer NOT NULL,
	"rejected_rows" integer NOT NULL,
	"rejected" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "fee_term_id" integer;--> statement-breakpoint
ALTER TABLE "academic_year_closings" ADD CONSTRAINT "academic_year_closings_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_fee_term_id_fee_terms_id_fk" FOREIGN KEY ("fee_term_id") REFERENCES "public"."fee_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_payment_order_id_payment_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_logs" ADD CONSTRAINT "import_logs_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "academic_year_closings_course_year_key" ON "academic_year_closings" USING btree ("course_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payments_fee_term_key" ON "fee_payments" USING btree ("fee_term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payments_receipt_no_key" ON "fee_payments" USING btree ("receipt_no");--> statement-breakpoint
CREATE INDEX "fee_payments_paid_at_idx" ON "fee_payments" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "fee_payments_student_idx" ON "fee_payments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "import_logs_created_at_idx" ON "import_logs" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_fee_term_id_fee_terms_id_fk" FOREIGN KEY ("fee_term_id") REFERENCES "public"."fee_terms"("id") ON DELETE no action ON UPDATE no action;