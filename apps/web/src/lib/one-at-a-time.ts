import { useRef, useState } from "react";

/**
 * A form's send that runs one at a time: while one runs, from the click through the form's checks to
 * the server's answer, another call is dropped. A button's loading state came only with the request,
 * a render after the checks, so a double click's second click checked the form again and sent it
 * twice: two gateway orders for one application, a cash fee recorded and then refused as "already
 * paid". `busy` is for the button.
 */
export function useOneAtATime() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = async (send: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await send();
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { run, busy };
}
