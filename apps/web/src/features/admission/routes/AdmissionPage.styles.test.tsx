import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ok, renderAt, signedInAs, stubApi } from "../../../test/render";

// A file of its own: the style elements of earlier renders stay in the document, and this test
// must see every style made since the app started.

describe("the admission form's first step on a phone", () => {
  it("draws with the styles and variables made at build time: the browser makes none but the icons' and the theme's of the app's root", async () => {
    stubApi({
      ...signedInAs("ROLE_USER", "new@example.in"),
      "/booking/courses": ok([{ id: 1, name: "UG", applicationFee: 300 }]),
      "/booking/degrees": ok([{ id: 4, name: "B.SC. COMPUTER SCIENCE", courseId: 1 }]),
      "/booking/admission": ok(null),
    });
    renderAt("/admission");
    await screen.findByRole("combobox", { name: "Degree" });
    // The step's buttons come with its last fields, drawn after its first are painted.
    expect(await screen.findByRole("button", { name: "Next" })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Transport" })).toBeTruthy();
    // Outside production, Ant Design marks each style element it makes with its path: hash, then
    // component. The fields', the buttons' and the shared reset's must not be among them.
    const madeInBrowser = [...document.querySelectorAll("style[data-cache-path]")].map((style) => style.getAttribute("data-cache-path")?.split("|")[1]);
    expect(madeInBrowser).toEqual(["ant-design-icons"]);
    // Nor their CSS variables: the only variable sheet made in the browser is the theme's own.
    const variableSheets = [...document.querySelectorAll("style[data-token-hash]")].map((style) => /^[^{]*/.exec(style.textContent ?? "")?.[0]);
    expect(variableSheets).toEqual([".css-var-app"]);
  });
});
