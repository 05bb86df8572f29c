import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sessionKey } from "../../auth/api/session";
import { createQueryClient } from "../../../lib/query-client";
import { failure, ok, stubApi } from "../../../test/render";
import { readAdmissionFormAhead } from "./form-reads";

const applicant = { userId: 7, userName: "asha@example.in", roleName: "ROLE_USER", mobile: null, degreeIds: null };
const masters = { "/booking/courses": ok([]), "/booking/degrees": ok([]) };
const storedPath = "/booking/admission?userName=asha%40example.in";
const draftPath = "/booking/admission/draft";

/** The form's reads ahead with `applicant` signed in, and the paths they asked for once they have all answered. */
async function readsAhead(answers: Parameters<typeof stubApi>[0], who: string | null, meanwhile?: (client: ReturnType<typeof createQueryClient>) => void) {
  const calls = stubApi({ ...masters, ...answers });
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKey, applicant);
  readAdmissionFormAhead(queryClient, who);
  meanwhile?.(queryClient);
  // A draft read starts as the stored application's answer comes, before this looks again.
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return calls.map((call) => call.url).sort();
}

describe("the admission form's reads asked for ahead", () => {
  it("reads the server's draft for an applicant with no application", async () => {
    const paths = await readsAhead({ "/booking/admission?": ok(null), [draftPath]: ok(null) }, applicant.userName);
    expect(paths).toEqual(["/booking/admission/draft", storedPath, "/booking/courses", "/booking/degrees"].sort());
  });

  it("reads no draft when the application is stored, or when it could not be read", async () => {
    expect(await readsAhead({ "/booking/admission?": ok({ applicationNo: "UG-2026-000002" }) }, applicant.userName)).toEqual(
      [storedPath, "/booking/courses", "/booking/degrees"].sort(),
    );
    expect(await readsAhead({ "/booking/admission?": failure(403, "Access denied") }, applicant.userName)).toEqual(
      [storedPath, "/booking/courses", "/booking/degrees"].sort(),
    );
  });

  it("reads no draft once the applicant has signed out", async () => {
    const paths = await readsAhead({ "/booking/admission?": ok(null), [draftPath]: ok(null) }, applicant.userName, (client) => client.setQueryData(sessionKey, null));
    expect(paths).not.toContain(draftPath);
  });

  it("reads the courses, the degrees and their own draft of the entry for staff entering a walk-in applicant", async () => {
    expect(await readsAhead({ [draftPath]: ok(null) }, null)).toEqual([draftPath, "/booking/courses", "/booking/degrees"].sort());
  });
});
