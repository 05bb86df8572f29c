import { act, render, screen } from "@testing-library/react";
import { Empty } from "antd";
import { afterEach, describe, expect, it } from "vitest";
import { Providers } from "../app/providers";
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
