-- The review screen names the other applications made with the same Aadhaar number: one person
-- applying twice from two accounts, or a number typed wrong. Kept as a column of its own, computed
-- from the form at each write, rather than as an index on the form's field: an index on an
-- expression of "data" would make every resave of the form a non-HOT update (migration 0013).
ALTER TABLE "applications" ADD COLUMN "aadhar_no" text GENERATED ALWAYS AS (data ->> 'aadharNo') STORED;--> statement-breakpoint
CREATE INDEX "applications_aadhar_no_idx" ON "applications" USING btree ("aadhar_no");

