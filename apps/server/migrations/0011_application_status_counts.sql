CREATE TABLE "application_status_count_changes" (
	"course_id" integer NOT NULL,
	"degree_id" integer NOT NULL,
	"status" text NOT NULL,
	"change" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_status_counts" (
	"course_id" integer NOT NULL,
	"degree_id" integer NOT NULL,
	"status" text NOT NULL,
	"applications" integer NOT NULL,
	CONSTRAINT "application_status_counts_course_id_degree_id_status_pk" PRIMARY KEY("course_id","degree_id","status")
);
--> statement-breakpoint
-- Each statement that adds or removes applications appends what it changed, one row per course,
-- degree and status, to the changes table: an import of thousands is a handful of rows. Appending
-- takes no lock another writer waits for, so no submission or import queues behind another on a
-- shared counter row.
CREATE FUNCTION "application_status_counts_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "application_status_count_changes" ("course_id", "degree_id", "status", "change")
      SELECT "course_id", "degree_id", "status", count(*) FROM "added" GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO "application_status_count_changes" ("course_id", "degree_id", "status", "change")
      SELECT "course_id", "degree_id", "status", -count(*) FROM "removed" GROUP BY 1, 2, 3;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_counted_on_insert" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "application_status_counts_record"();
--> statement-breakpoint
CREATE TRIGGER "applications_counted_on_delete" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "application_status_counts_record"();
--> statement-breakpoint
-- An application that changes status, course or degree moves from one count to another. Most
-- updates are saves that change none of them; the condition skips those before any function runs.
CREATE FUNCTION "application_status_counts_record_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_status_count_changes" ("course_id", "degree_id", "status", "change")
    VALUES (OLD."course_id", OLD."degree_id", OLD."status", -1), (NEW."course_id", NEW."degree_id", NEW."status", 1);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_counted_on_update" AFTER UPDATE OF "status", "course_id", "degree_id" ON "applications"
  FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."course_id" IS DISTINCT FROM NEW."course_id" OR OLD."degree_id" IS DISTINCT FROM NEW."degree_id")
  EXECUTE FUNCTION "application_status_counts_record_move"();
--> statement-breakpoint
CREATE FUNCTION "application_status_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "application_status_count_changes";
  DELETE FROM "application_status_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_counted_on_truncate" AFTER TRUNCATE ON "applications"
  FOR EACH STATEMENT EXECUTE FUNCTION "application_status_counts_clear"();
--> statement-breakpoint
-- The triggers above lock applications against writes until this migration commits, so the totals
-- taken here and the changes recorded after it neither miss nor repeat an application.
INSERT INTO "application_status_counts" ("course_id", "degree_id", "status", "applications")
  SELECT "course_id", "degree_id", "status", count(*) FROM "applications" GROUP BY 1, 2, 3;
