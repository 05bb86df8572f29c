DROP INDEX "payment_orders_awaiting_idx";--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_orders_awaiting_idx" ON "payment_orders" USING btree ("checked_at" NULLS FIRST,"created_at") WHERE "payment_orders"."status" = 'Awaiting';