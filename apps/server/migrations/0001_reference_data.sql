-- The roles of SPEC.md section 6 and the two courses every college has (SPEC.md: UG is 1, PG is 2).
INSERT INTO "roles" ("name", "description") VALUES
  ('ROLE_USER', 'Applicant'),
  ('ROLE_STUDENT', 'Student'),
  ('ROLE_ADMIN', 'Administrator'),
  ('ROLE_DEPARTMENT_ADMIN', 'Department administrator')
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "courses" ("id", "name") VALUES (1, 'UG'), (2, 'PG') ON CONFLICT ("id") DO NOTHING;
