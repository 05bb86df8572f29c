import { feeCodeTakenMessage, masterMessages } from "@admissions/shared";
import { afterEach, describe, expect, it } from "vitest";
import i18n, { translateMessage } from "../../lib/i18n";
import { catalogues } from "../../test/catalogues";

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("the master-data messages", () => {
  it("are worded in the English catalogue exactly as the shared schemas and the server word them", () => {
    expect(catalogues.en.masters.messages).toEqual(masterMessages);
  });

  it("show in the chosen language, a named fee code included", async () => {
    await i18n.changeLanguage("fr");
    expect(translateMessage(masterMessages.courseNameTaken)).toBe("Un cursus portant ce nom existe déjà !");
    expect(translateMessage(feeCodeTakenMessage("BSCCS-Y1T1"))).toBe("Le code de frais BSCCS-Y1T1 est déjà utilisé par un autre diplôme !");
    await i18n.changeLanguage("ta");
    expect(translateMessage(feeCodeTakenMessage("MCOM-Y2T1"))).toContain("MCOM-Y2T1");
    expect(translateMessage("Some text nobody knows")).toBe("Some text nobody knows");
  });
});
