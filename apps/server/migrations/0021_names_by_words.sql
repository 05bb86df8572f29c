DROP INDEX "applications_name_idx";--> statement-breakpoint
DROP INDEX "students_name_idx";--> statement-breakpoint
CREATE INDEX "applications_name_words_idx" ON "applications" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "students_name_words_idx" ON "students" USING gin (to_tsvector('simple', "name"));