import { useEffect, useState } from "react";

/**
 * For a dialog drawn only while it is open (closed by taking it off the page): once it closes, the
 * focus goes back to what had it as the dialog was first drawn, the button that opened it, rather
 * than to the page's top, where a keyboard user would start again. Ant Design gives the focus back
 * only for a dialog that stays on the page, closed.
 */
export function useFocusBackOnClose(): void {
  // Read as the dialog first renders, before the dialog moves the focus into itself.
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    },
    [opener],
  );
}
