import { useDeferredValue } from "react";
import { useTranslation } from "react-i18next";

/**
 * The spinner every screen shows while its chunk or its data is on the way. It is drawn by the app's
 * own stylesheet rather than Ant Design's Spin, whose styles are made in the browser the first time
 * one shows: on a first visit that was the main thread's work just before the first paint
 * (docs/PERFORMANCE.md, twenty-first round).
 */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <div className="full-page-loader" role="status" aria-live="polite">
      <span className="full-page-loader__spinner" aria-hidden />
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
