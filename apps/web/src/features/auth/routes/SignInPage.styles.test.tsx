import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt, signedOut, stubApi } from "../../../test/render";

// A file of its own: the style elements of earlier renders stay in the document, and this test
// must see every style made since the app started.

describe("a first visit to /signin", () => {
  it("draws its form with the grid's, the form's and the inputs' styles made at build time: the browser makes only the button's", async () => {
    stubApi(signedOut);
    renderAt("/signin");
    await screen.findByLabelText("Password");
    // Outside production, Ant Design marks each style element it makes with its path: hash, then
    // component. The grid (Form.Item draws a Row and Cols), the shared reset, the form's and the
    // inputs' styles come with the app's stylesheet (the every-screen sheet), so they must not be
    // among them.
    const madeInBrowser = [...document.querySelectorAll("style[data-cache-path]")].map((style) => style.getAttribute("data-cache-path")?.split("|")[1]);
    expect(madeInBrowser.sort()).toEqual(["Button-Button", "Wave-Wave", "ant-design-icons"]);
  });
});
