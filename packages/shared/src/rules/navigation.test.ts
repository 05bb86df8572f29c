import { describe, expect, it } from "vitest";
import { ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN, ROLE_STUDENT, ROLE_USER } from "../constants/roles.js";
import { adminMenuFor, deciderTarget, rootTarget } from "./navigation.js";

describe("deciderTarget", () => {
  it("sends a student whose 12th result is awaited back to the admission form", () => {
    expect(deciderTarget({ roleName: ROLE_STUDENT, tweleveStatus: "APPEARED" })).toBe("/admission");
  });

  it.each(["PASSED", "appeared", "", null, undefined])("sends a student with tweleveStatus %j to the fees", (tweleveStatus) => {
    expect(deciderTarget({ roleName: ROLE_STUDENT, tweleveStatus })).toBe("/feesDetail");
  });

  it("sends an applicant with an application status to Payment Details", () => {
    expect(deciderTarget({ roleName: ROLE_USER, hasApplicationStatus: true })).toBe("/transactionStatus");
  });

  it.each([false, undefined])("sends an applicant without one (%j) to the admission form", (hasApplicationStatus) => {
    expect(deciderTarget({ roleName: ROLE_USER, hasApplicationStatus })).toBe("/admission");
  });

  it("ignores the other role's facts", () => {
    expect(deciderTarget({ roleName: ROLE_USER, tweleveStatus: "APPEARED" })).toBe("/admission");
    expect(deciderTarget({ roleName: ROLE_STUDENT, hasApplicationStatus: true })).toBe("/feesDetail");
  });

  it.each([ROLE_ADMIN, ROLE_DEPARTMENT_ADMIN, "ROLE_ACCOUNTANT", "ROLE_PRINCIPAL"])("sends %s to the admin area", (roleName) => {
    expect(deciderTarget({ roleName, hasApplicationStatus: true, tweleveStatus: "APPEARED" })).toBe("/admin");
  });
});

describe("rootTarget", () => {
  it.each(["", "/", "/signin", null, undefined])("sends the initial URL %j to the decider", (initialUrl) => {
    expect(rootTarget(initialUrl)).toBe("/deciderScreen");
  });

  it.each(["/admission", "/transactionStatus", "/admin", "/feesHistory/priya@example.in", "/signup"])(
    "goes on to the remembered URL %j",
    (initialUrl) => {
      expect(rootTarget(initialUrl)).toBe(initialUrl);
    },
  );
});

describe("adminMenuFor", () => {
  const paths = (roleName: string) => adminMenuFor(roleName).map((item) => item.path);

  it("shows an administrator all ten items in SPEC.md's order", () => {
    expect(paths(ROLE_ADMIN)).toEqual([
      "/admin",
      "/admin-admission",
      "/master/grade",
      "/master/department",
      "/feesStatus",
      "/students/list",
      "/academicTransfer",
      "/activityLog",
      "/studentImport",
      "/user",
    ]);
  });

  it("groups the first five under Master", () => {
    const menu = adminMenuFor(ROLE_ADMIN);
    expect(menu.filter((item) => item.group === "master").map((item) => item.key)).toEqual([
      "applications",
      "newAdmission",
      "degree",
      "course",
      "feesTransaction",
    ]);
    expect(menu.slice(5).every((item) => item.group === undefined)).toBe(true);
  });

  it("shows a department administrator Student Import but not Academic Process or User", () => {
    const keys = adminMenuFor(ROLE_DEPARTMENT_ADMIN).map((item) => item.key);
    expect(keys).toContain("studentImport");
    expect(keys).not.toContain("academicProcess");
    expect(keys).not.toContain("user");
    expect(keys).toHaveLength(8);
  });

  it("shows another staff role neither Student Import nor the administrator's items", () => {
    const keys = adminMenuFor("ROLE_ACCOUNTANT").map((item) => item.key);
    expect(keys).toEqual(["applications", "newAdmission", "degree", "course", "feesTransaction", "students", "activityLog"]);
  });

  it("does not hand out its role lists", () => {
    expect(adminMenuFor(ROLE_ADMIN).every((item) => !("roles" in item))).toBe(true);
  });
});
