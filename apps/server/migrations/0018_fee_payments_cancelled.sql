-- An office payment cancelled by staff moves here whole, with who cancelled it, when and why; its term
-- becomes Due again (docs/ARCHITECTURE.md, Students and term fees).
CREATE TABLE "cancelled_fee_payments" (
	"id" integer PRIMARY KEY NOT NULL,
	"fee_term_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"mode" text NOT NULL,
	"reference" text,
	"remarks" text,
	"receipt_no" text NOT NULL,
	"recorded_by" integer,
	"paid_at" timestamp with time zone NOT NULL,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancel_reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cancelled_fee_payments" ADD CONSTRAINT "cancelled_fee_payments_fee_term_id_fee_terms_id_fk" FOREIGN KEY ("fee_term_id") REFERENCES "public"."fee_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_fee_payments" ADD CONSTRAINT "cancelled_fee_payments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_fee_payments" ADD CONSTRAINT "cancelled_fee_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_fee_payments" ADD CONSTRAINT "cancelled_fee_payments_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancelled_fee_payments_receipt_no_key" ON "cancelled_fee_payments" USING btree ("receipt_no");--> statement-breakpoint
CREATE INDEX "cancelled_fee_payments_paid_at_idx" ON "cancelled_fee_payments" USING btree ("paid_at");