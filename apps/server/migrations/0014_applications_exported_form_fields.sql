-- The export's sheet shows four fields of the form. Read from "data" at every export, they had each
-- row's whole form decompressed, four fifths of a batch's time in the database; stored beside it,
-- PostgreSQL computes them at each write from the form it is writing (docs/PERFORMANCE.md,
-- forty-first round). One statement, so that the table is rewritten once.
ALTER TABLE "applications"
  ADD COLUMN "gender" text GENERATED ALWAYS AS (data ->> 'gender') STORED,
  ADD COLUMN "community" text GENERATED ALWAYS AS (data ->> 'community') STORED,
  ADD COLUMN "dob" text GENERATED ALWAYS AS (data ->> 'dob') STORED,
  ADD COLUMN "district" text GENERATED ALWAYS AS (data -> 'addressDetails' ->> 'district') STORED;
