DROP INDEX "applications_status_idx";--> statement-breakpoint
CREATE INDEX "applications_status_name_idx" ON "applications" USING btree ("status","name","id");--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status","created_at","id");