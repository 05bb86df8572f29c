DROP INDEX "applications_created_at_idx";--> statement-breakpoint
DROP INDEX "applications_marks_idx";--> statement-breakpoint
CREATE INDEX "applications_application_no_pattern_idx" ON "applications" USING btree ("application_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_name_sort_idx" ON "applications" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "applications_created_at_idx" ON "applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "applications_marks_idx" ON "applications" USING btree ("total_mark_percent","id");