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
      <GlobeIcon />
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

/**
 * A globe of a few strokes, as wide as the text: Ant Design's GlobalOutlined is 3 KB of path, about
 * a kilobyte gzipped of every first download.
 */
function GlobeIcon() {
  return (
    <svg viewBox="0 0 16 16" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="1.2" aria-hidden="true">
      <circle cx="8" cy="8" r="6.6" />
      <ellipse cx="8" cy="8" rx="2.8" ry="6.6" />
      <path d="M1.4 8h13.2M2.6 4.6h10.8M2.6 11.4h10.8" />
    </svg>
  );
}
