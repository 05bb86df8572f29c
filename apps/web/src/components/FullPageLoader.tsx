import { startTransition, useDeferredValue, useEffect, useState } from "react";
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

/**
 * Whether what a render put on the screen once `drawn` was true has been painted: false until then,
 * true from the task after that frame on. A screen that shows its first part at once and the rest
 * once this is true gets its first part painted before any of the rest is rendered, and the rest
 * drawn at transition priority, in slices, rather than in one long task with the first.
 */
export function usePaintedOnce(drawn: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!drawn || painted) return;
    let afterPaint: ReturnType<typeof setTimeout> | undefined;
    // A frame's callbacks run just before the frame is painted, so a task they queue runs after it.
    const frame = requestAnimationFrame(() => {
      afterPaint = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterPaint);
    };
  }, [drawn, painted]);
  return painted;
}
