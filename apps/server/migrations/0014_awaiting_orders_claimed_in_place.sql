-- Each save of an application claims the applicant's earlier awaiting orders by stamping checked_at,
-- and both indexes of the awaiting orders held checked_at, so every claim added an entry to each of
-- the table's six indexes. Without it in any index, a claim is a HOT update: its new version goes on
-- the order's own page and no index is touched, if the page has room for it (docs/PERFORMANCE.md,
-- thirty-sixth round). Rows written from now on leave that room.
DROP INDEX "payment_orders_awaiting_idx";--> statement-breakpoint
DROP INDEX "payment_orders_user_awaiting_idx";--> statement-breakpoint
CREATE INDEX "payment_orders_awaiting_idx" ON "payment_orders" USING btree ("created_at") WHERE "payment_orders"."status" = 'Awaiting';--> statement-breakpoint
CREATE INDEX "payment_orders_user_awaiting_idx" ON "payment_orders" USING btree ("user_id") WHERE "payment_orders"."status" = 'Awaiting';--> statement-breakpoint
ALTER TABLE "payment_orders" SET (fillfactor = 70);
