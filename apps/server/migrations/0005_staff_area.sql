CREATE TABLE "application_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"from_degree_id" integer,
	"to_degree_id" integer,
	"remarks" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_structures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_structures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"degree_id" integer NOT NULL,
	"year" integer NOT NULL,
	"term" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"fee_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_structures_year_check" CHECK ("fee_structures"."year" between 1 and 3),
	CONSTRAINT "fee_structures_term_check" CHECK ("fee_structures"."term" between 1 and 2),
	CONSTRAINT "fee_structures_amount_check" CHECK ("fee_structures"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"academic_year" integer NOT NULL,
	"term_no" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"fee_code" text NOT NULL,
	"status" text DEFAULT 'Due' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_degrees" (
	"user_id" integer NOT NULL,
	"degree_id" integer NOT NULL,
	CONSTRAINT "staff_degrees_user_id_degree_id_pk" PRIMARY KEY("user_id","degree_id")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "students_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"application_id" integer,
	"admission_no" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"course_id" integer NOT NULL,
	"degree_id" integer NOT NULL,
	"current_year" integer DEFAULT 1 NOT NULL,
	"admission_year" integer NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_decisions" ADD CONSTRAINT "application_decisions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_decisions" ADD CONSTRAINT "application_decisions_from_degree_id_degrees_id_fk" FOREIGN KEY ("from_degree_id") REFERENCES "public"."degrees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_decisions" ADD CONSTRAINT "application_decisions_to_degree_id_degrees_id_fk" FOREIGN KEY ("to_degree_id") REFERENCES "public"."degrees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_decisions" ADD CONSTRAINT "application_decisions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_degree_id_degrees_id_fk" FOREIGN KEY ("degree_id") REFERENCES "public"."degrees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_terms" ADD CONSTRAINT "fee_terms_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_degrees" ADD CONSTRAINT "staff_degrees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_degrees" ADD CONSTRAINT "staff_degrees_degree_id_degrees_id_fk" FOREIGN KEY ("degree_id") REFERENCES "public"."degrees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_degree_id_degrees_id_fk" FOREIGN KEY ("degree_id") REFERENCES "public"."degrees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_decisions_application_idx" ON "application_decisions" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_structures_degree_year_term_key" ON "fee_structures" USING btree ("degree_id","year","term");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_structures_fee_code_key" ON "fee_structures" USING btree ("fee_code");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_terms_student_year_term_key" ON "fee_terms" USING btree ("student_id","academic_year","term_no");--> statement-breakpoint
CREATE INDEX "fee_terms_status_idx" ON "fee_terms" USING btree ("status","academic_year");--> statement-breakpoint
CREATE INDEX "staff_degrees_degree_idx" ON "staff_degrees" USING btree ("degree_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_user_id_key" ON "students" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_application_id_key" ON "students" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_admission_no_key" ON "students" USING btree ("admission_no");--> statement-breakpoint
CREATE INDEX "students_degree_idx" ON "students" USING btree ("degree_id","current_year");--> statement-breakpoint
CREATE INDEX "students_name_idx" ON "students" USING btree ("name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_user_name_prefix_idx" ON "users" USING btree ("user_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_payment_status_idx" ON "applications" USING btree ("payment_status","created_at");--> statement-breakpoint
CREATE INDEX "applications_course_idx" ON "applications" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_marks_idx" ON "applications" USING btree ("total_mark_percent");--> statement-breakpoint
CREATE INDEX "applications_application_date_idx" ON "applications" USING btree ("application_date");