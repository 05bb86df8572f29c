import { Spin } from "antd";
import { useDeferredValue } from "react";
import { useTranslation } from "react-i18next";

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <div className="full-page-loader" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="visually-hidden">{t("common.loading")}</span>
    </div>
  );
}

/**
 * Whether a screen may take the place of its loader yet. The switch is drawn at transition priority,
 * which React renders in slices of a few milliseconds: a screen mounting all at once when its data
 * arrives would hold a phone's main thread for most of a second, taps and typing waiting behind it.
 */
export function useReadyToDraw(ready: boolean): boolean {
  return useDeferredValue(ready);
}
