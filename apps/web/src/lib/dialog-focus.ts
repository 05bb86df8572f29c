import { useEffect, useRef, useState } from "react";

/**
 * For a dialog drawn only while it is open (closed by taking it off the page): once it closes, the
 * focus goes back to what had it as the dialog was first drawn, the button that opened it, rather
 * than to the page's top, where a keyboard user would start again. Ant Design gives the focus back
 * only for a dialog that stays on the page, closed. A dialog whose action takes that button away (a
 * row's action that changes or removes the row, once the list is read again) calls `toRegion` before
 * closing: the focus then goes to the focusable region that held the button, the table it was in.
 */
export function useFocusBackOnClose(): { toRegion: () => void } {
  // Read as the dialog first renders, before the dialog moves the focus into itself.
  const [opener] = useState(() => document.activeElement);
  const [region] = useState(() => (opener instanceof HTMLElement ? opener.parentElement?.closest<HTMLElement>("[tabindex]") : null));
  const toRegion = useRef(false);
  useEffect(
    () => () => {
      const target = toRegion.current && region?.isConnected ? region : opener;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    },
    [opener, region],
  );
  return { toRegion: () => void (toRegion.current = true) };
}
