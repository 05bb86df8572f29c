-- A fee payment keeps the degree it was paid to, the student's when it was paid: a student transferred
-- and admitted again moves to another degree, and the old degree's receipts and collections stay its
-- (docs/ARCHITECTURE.md, Students and term fees).
ALTER TABLE "fee_payments" ADD COLUMN "degree_id" integer;--> statement-breakpoint
ALTER TABLE "cancelled_fee_payments" ADD COLUMN "degree_id" integer;--> statement-breakpoint
-- Payments made before: the degree whose fee structure has the term's fee code (codes are unique
-- across degrees), else, when the structure no longer has it, the student's degree now.
UPDATE "fee_payments" SET "degree_id" = coalesce(
  (SELECT fs."degree_id" FROM "fee_terms" t JOIN "fee_structures" fs ON fs."fee_code" = t."fee_code" WHERE t."id" = "fee_payments"."fee_term_id"),
  (SELECT s."degree_id" FROM "students" s WHERE s."id" = "fee_payments"."student_id")
);--> statement-breakpoint
UPDATE "cancelled_fee_payments" SET "degree_id" = coalesce(
  (SELECT fs."degree_id" FROM "fee_terms" t JOIN "fee_structures" fs ON fs."fee_code" = t."fee_code" WHERE t."id" = "cancelled_fee_payments"."fee_term_id"),
  (SELECT s."degree_id" FROM "students" s WHERE s."id" = "cancelled_fee_payments"."student_id")
);--> statement-breakpoint
ALTER TABLE "fee_payments" ALTER COLUMN "degree_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cancelled_fee_payments" ALTER COLUMN "degree_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cancelled_fee_payments" ADD CONSTRAINT "cancelled_fee_payments_degree_id_degrees_id_fk" FOREIGN KEY ("degree_id") REFERENCES "public"."degrees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_degree_id_degrees_id_fk" FOREIGN KEY ("degree_id") REFERENCES "public"."degrees"("id") ON DELETE no action ON UPDATE no action;
