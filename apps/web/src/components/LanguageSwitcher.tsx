import { GlobalOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { languages } from "../lib/i18n";

/**
 * On every screen: the language is remembered in the browser and turns the layout for Arabic. A
 * native select: phones open their own picker, and Ant Design's Select (25 KiB gzipped) stays out of
 * the sign-in screen's first download.
 */
export function LanguageSwitcher({ variant = "light" }: { variant?: "light" | "dark" }) {
  const { t, i18n } = useTranslation();
  return (
    <span className={`language-switcher language-switcher--${variant}`}>
      <GlobalOutlined aria-hidden />
      <select
        className="language-switcher__select"
        value={i18n.resolvedLanguage ?? "en"}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
        aria-label={t("language.label")}
        data-testid="language-switcher"
      >
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </span>
  );
}
