-- A gateway payment that pays nothing (the fee was already in, or the term's fee changed meanwhile)
-- is owed back to the payer: the order keeps whether it is, and how it was given back (docs/ARCHITECTURE.md, Payments).
ALTER TABLE "payment_orders" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refunded_by" integer;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_orders_refund_idx" ON "payment_orders" USING btree ("id") WHERE "payment_orders"."refund_status" is not null;--> statement-breakpoint
-- Payments to refund that came before this migration were written down in the activity log alone:
-- their orders owe the refund from now on, where the fee transactions list them.
UPDATE "payment_orders" SET "refund_status" = 'Due'
WHERE "order_id" IN (
  SELECT "entity_id" FROM "activity_log"
  WHERE "entity_type" = 'payment_order' AND "action" IN ('payment.duplicate', 'payment.amount_changed')
);
