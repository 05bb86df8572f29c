import { screen } from "@testing-library/react";
import { createInstance } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import builtEnglishFirstPart from "virtual:catalogue/en-first";
import englishSignedIn from "virtual:catalogue/en-signed-in";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { englishSectionsOfSharedMessages, partOf, staffPartSections } from "../../build/catalogue-parts";
import { englishFirstPart } from "../lib/english-first-part";
import { joinParts } from "../lib/i18n";
import { renderAt, signedOut, stubApi } from "../test/render";
import { catalogues } from "../test/catalogues";

/** An i18next with English's first part alone, which notes every text a screen asks it for and lacks. */
async function firstPartOnly() {
  const missing = new Set<string>();
  const instance = createInstance();
  await instance.init({
    resources: { en: { translation: englishFirstPart } },
    lng: "en",
    fallbackLng: false,
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => void missing.add(key),
  });
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
  return { missing, wrapper };
}

describe("the first part of the catalogue (build/catalogue-parts.ts)", () => {
  it.each([
    ["/signin", "Sign In"],
    ["/signup", "REGISTER"],
    ["/forgotpassword", "Forgot Your Password ?"],
    ["/changepassword/CHANGE_PWD", "Change Password"],
    ["/resetpassword/priya@example.in", "Reset Password"],
    ["/no-such-screen", "Oops, an error has occurred. Page not found!"],
  ])("holds every text %s shows", async (path, heading) => {
    stubApi(signedOut);
    const { missing, wrapper } = await firstPartOnly();
    renderAt(path, { wrapper });
    expect(await screen.findByRole("heading", { name: heading })).toBeTruthy();
    expect([...missing]).toEqual([]);
  });

  it("holds the texts of the frame an applicant's screen shows while its code and the session load", async () => {
    // The session's answer never comes, so the placeholder stays.
    vi.stubGlobal("fetch", () => new Promise<never>(() => {}));
    const { missing, wrapper } = await firstPartOnly();
    renderAt("/admission", { wrapper });
    expect(await screen.findByRole("heading", { name: "Online Admission" })).toBeTruthy();
    expect([...missing]).toEqual([]);
  });

  it("and the signed-in and staff parts are every language's whole catalogue, with no text in two", () => {
    for (const catalogue of Object.values(catalogues)) {
      const first = partOf(catalogue, "first");
      const signedIn = partOf(catalogue, "signed-in");
      const staff = partOf(catalogue, "staff");
      expect(joinParts(joinParts(first, signedIn), staff)).toEqual(catalogue);
      for (const [section, texts] of Object.entries(first)) {
        const both = Object.keys(texts as object).filter((key) => key in ((signedIn[section] as object | undefined) ?? {}));
        expect(both).toEqual([]);
      }
      expect(Object.keys(staff).sort()).toEqual([...staffPartSections].sort());
      for (const section of staffPartSections) expect(first[section] ?? signedIn[section], section).toBeUndefined();
    }
    expect(partOf(catalogues.en, "first")).toEqual(englishFirstPart);
    expect(partOf(catalogues.en, "signed-in")).toEqual(englishSignedIn);
    expect(Object.keys(englishFirstPart)).not.toContain("review");
  });

  it("is built in English without the shared package's messages, which the app lays back", () => {
    for (const section of englishSectionsOfSharedMessages) {
      expect(builtEnglishFirstPart).not.toHaveProperty(section);
      expect(englishFirstPart[section]).toEqual(catalogues.en[section as keyof typeof catalogues.en]);
    }
  });

  it("is joined by the signed-in part before the staff's layout draws", async () => {
    // The app's modules anew, as a first visit finds them: no signed-in texts wanted yet (the tests'
    // setup wanted them in the modules loaded before this); i18next is initialised again with the
    // first part alone.
    vi.resetModules();
    const { i18nReady } = await import("../lib/i18n");
    await i18nReady;
    const render = await import("../test/render");
    render.stubApi({
      ...render.signedInAs("ROLE_ADMIN"),
      "/booking/courses": render.ok([]),
      "/booking/degrees": render.ok([]),
      "/booking/admissionAll": render.ok({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 20, statusCounts: {} }),
    });
    render.renderAt("/admin");
    const footer = catalogues.en.admin.footer.replace("{{name}}", catalogues.en.app.name);
    expect(await screen.findByText(footer)).toBeTruthy();
  });
});

describe("the staff part of the catalogue", () => {
  /** The code of the screens behind the staff's layout alone, and the layout itself. */
  const staffOnly = ["features/activity/", "features/academic/", "features/applications/", "features/student-import/", "app/layouts/AdminLayout.tsx", "lib/staff-messages.ts"];

  it("holds sections that no applicant's screen names, so they never download them", () => {
    const sources = path.resolve(__dirname, "..");
    const files = readdirSync(sources, { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    const namers = new Map<string, string[]>();
    for (const file of files) {
      const source = readFileSync(path.join(sources, file), "utf8");
      for (const section of staffPartSections) {
        // A key of the section, as the code writes it: t("activity.summary") or t(`activity.summaries.${action}`).
        if (new RegExp(`["'\`]${section}\\.`).test(source)) namers.set(section, [...(namers.get(section) ?? []), file.split(path.sep).join("/")]);
      }
    }
    for (const section of staffPartSections) {
      const named = namers.get(section) ?? [];
      expect(named.length, section).toBeGreaterThan(0);
      expect(named.filter((file) => !staffOnly.some((folder) => file.startsWith(folder))), section).toEqual([]);
    }
  });
});
