import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt, signedInAs, stubApi } from "../../test/render";

// The test setup answers every media query "no", so the layout is drawn for a narrow screen.
describe("the applicant top bar on a narrow screen", () => {
  it("folds the links into a menu whose drawer is fetched with the first tap", async () => {
    stubApi(signedInAs("ROLE_STUDENT", "student@example.in"));
    renderAt("/feesHistory");
    const menuButton = await screen.findByRole("button", { name: "Open menu" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(menuButton.getAttribute("aria-expanded")).toBe("false");

    await userEvent.click(menuButton);
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).getByText("student@example.in")).toBeTruthy();
    expect(within(drawer).getByRole("link", { name: "Fees History" })).toBeTruthy();
    expect(within(drawer).getByRole("link", { name: "Change Password" })).toBeTruthy();
    expect(menuButton.getAttribute("aria-expanded")).toBe("true");
  });
});
