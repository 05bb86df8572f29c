import { GlobalOutlined } from "@ant-design/icons";
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { languages } from "../lib/i18n";

/** On every screen: the language is remembered in the browser and turns the layout for Arabic. */
export function LanguageSwitcher({ variant = "light" }: { variant?: "light" | "dark" }) {
  const { t, i18n } = useTranslation();
  return (
    <span className={`language-switcher language-switcher--${variant}`}>
      <GlobalOutlined aria-hidden />
      <Select
        size="small"
        variant={variant === "dark" ? "outlined" : "borderless"}
        value={i18n.resolvedLanguage ?? "en"}
        onChange={(code: string) => void i18n.changeLanguage(code)}
        options={languages.map((language) => ({ value: language.code, label: <span lang={language.code}>{language.name}</span> }))}
        aria-label={t("language.label")}
        popupMatchSelectWidth={false}
        data-testid="language-switcher"
      />
    </span>
  );
}
