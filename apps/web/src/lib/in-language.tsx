import type { TFunction } from "i18next";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "./i18n";

/**
 * A form's error in the language shown now. A form keeps an error from when its rule or the server
 * made it until the field is checked again, and a string stayed in the language it was made in when
 * the user switched (English beside Arabic labels, its "!" at the wrong end); this element renders
 * again in the new language.
 */
function InLanguage({ text }: { text: (t: TFunction) => string }) {
  const { t } = useTranslation();
  return <>{text(t)}</>;
}

/** A catalogue's text as a form error: `inLanguage((t) => t("masters.rowIncomplete"))`. */
export const inLanguage = (text: (t: TFunction) => string): ReactElement => <InLanguage text={text} />;

/** An English message of the shared rules or of the server (translateMessage) as a form error. */
export const messageInLanguage = (english: string): ReactElement => inLanguage(() => translateMessage(english));

/**
 * Such errors as `form.setFields` takes them. Its type says strings, but the form draws any node there,
 * as it does what a rule rejects with; nothing reads the errors back as text.
 */
export const asFieldErrors = (...errors: ReactElement[]): string[] => errors as unknown as string[];
