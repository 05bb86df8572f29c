import { act, render, screen } from "@testing-library/react";
import { Empty } from "antd";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../app/providers";
import { catalogues } from "../test/catalogues";
import { createQueryClient } from "./query-client";
import i18n from "./i18n";

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

describe("languages", () => {
  it("start with English alone: another catalogue is fetched when its language is chosen", async () => {
    expect(i18n.hasResourceBundle("en", "translation")).toBe(true);
    expect(i18n.hasResourceBundle("fr", "translation")).toBe(false);

    await i18n.changeLanguage("fr");

    expect(i18n.hasResourceBundle("fr", "translation")).toBe(true);
    expect(i18n.t("language.label")).not.toBe(i18n.t("language.label", { lng: "en" }));
    expect(document.documentElement.lang).toBe("fr");
  });

  it("bring Ant Design's own texts in the same language, and Arabic turns the page right to left", async () => {
    render(
      <Providers queryClient={createQueryClient()}>
        <Empty />
      </Providers>,
    );
    // The empty state says it twice: as its picture's title and as its caption.
    expect(screen.getAllByText("No data")).toHaveLength(2);

    await act(() => i18n.changeLanguage("fr"));
    expect(screen.getAllByText("Aucune donnée")).toHaveLength(2);

    await act(() => i18n.changeLanguage("ar"));
    expect(screen.getAllByText("لا توجد بيانات")).toHaveLength(2);
    expect(document.documentElement.dir).toBe("rtl");
  });
});

describe("the signed-in screens' texts", () => {
  it("come with a language chosen once they are wanted, a section split between the parts whole", async () => {
    // The tests' setup has asked for them, as a signed-in layout does.
    await i18n.changeLanguage("es");

    expect(i18n.t("admission.onlineTitle")).toBe(catalogues.es.admission.onlineTitle);
    expect(i18n.t("admission.next")).toBe(catalogues.es.admission.next);
    expect(i18n.t("review.title")).toBe(catalogues.es.review.title);
    expect(i18n.t("signin.title")).toBe(catalogues.es.signin.title);
  });

  it("come for every language asked for before they were wanted", async () => {
    // This module anew, with no language asked for yet and no signed-in texts wanted. i18next is the
    // same instance (Vitest does not load a package again), initialised again with the first part.
    vi.resetModules();
    const fresh = await import("./i18n");
    await fresh.i18nReady;
    await fresh.default.changeLanguage("ta");
    expect(fresh.default.exists("review.title", { lng: "ta", fallbackLng: false })).toBe(false);
    expect(fresh.default.exists("review.title", { lng: "en", fallbackLng: false })).toBe(false);

    await fresh.loadSignedInTexts();

    expect(fresh.default.t("review.title", { lng: "ta" })).toBe(catalogues.ta.review.title);
    expect(fresh.default.t("admission.onlineTitle", { lng: "ta" })).toBe(catalogues.ta.admission.onlineTitle);
    expect(fresh.default.t("admission.next", { lng: "ta" })).toBe(catalogues.ta.admission.next);
    expect(fresh.default.t("review.title", { lng: "en" })).toBe(catalogues.en.review.title);
    expect(fresh.default.t("signin.title", { lng: "ta" })).toBe(catalogues.ta.signin.title);
    // The staff's own texts wait for the staff's layout.
    expect(fresh.default.exists("activity.summary", { lng: "ta", fallbackLng: false })).toBe(false);

    await fresh.loadStaffTexts();

    expect(fresh.default.t("activity.summary", { lng: "ta" })).toBe(catalogues.ta.activity.summary);
    expect(fresh.default.t("activity.summary", { lng: "en" })).toBe(catalogues.en.activity.summary);
    expect(fresh.default.t("review.title", { lng: "ta" })).toBe(catalogues.ta.review.title);
  });

  it("come with a language chosen on a staff screen, the staff's part beside the signed-in one", async () => {
    // The tests' setup has asked for both, as the staff's layout does.
    await i18n.changeLanguage("it");
    try {
      expect(i18n.t("activity.summary")).toBe(catalogues.it.activity.summary);
      expect(i18n.t("review.title")).toBe(catalogues.it.review.title);
      expect(i18n.t("signin.title")).toBe(catalogues.it.signin.title);
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
