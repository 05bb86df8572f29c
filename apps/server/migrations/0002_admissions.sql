CREATE TABLE "application_counters" (
	"course" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "application_counters_course_year_pk" PRIMARY KEY("course","year")
);
--> statement-breakpoint
CREATE TABLE "application_drafts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"application_no" text NOT NULL,
	"admission_no" text,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"payment_ref_no" text,
	"is_offline" boolean DEFAULT false NOT NULL,
	"course_id" integer NOT NULL,
	"degree_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"tweleve_status" text,
	"total_mark_percent" numeric(5, 2),
	"application_fee" integer NOT NULL,
	"data" jsonb NOT NULL,
	"created_by" integer,
	"application_date" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "uploaded_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_name" text NOT NULL,
	"owner_user_name" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "application_fee" integer;--> statement-breakpoint
UPDATE "courses" SET "application_fee" = CASE WHEN "id" = 2 THEN 400 ELSE 300 END;--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "application_fee" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "application_drafts" ADD CONSTRAINT "application_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_degree_id_degrees_id_fk" FOREIGN KEY ("degree_id") REFERENCES "public"."degrees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_user_id_key" ON "applications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_application_no_key" ON "applications" USING btree ("application_no");--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "applications_degree_idx" ON "applications" USING btree ("degree_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_created_at_idx" ON "applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "applications_email_idx" ON "applications" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "applications_mobile_idx" ON "applications" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_files_file_name_key" ON "uploaded_files" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "uploaded_files_owner_idx" ON "uploaded_files" USING btree ("owner_user_name");