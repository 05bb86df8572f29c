import type { ArgsProps } from "antd/es/notification/interface";
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { ErrorBoundary } from "react-error-boundary";
import type { Feedback } from "./feedback-holder";

const FeedbackHolder = lazy(() => import("./feedback-holder"));

type Show = (toast: (feedback: Feedback) => void) => void;

const FeedbackContext = createContext<Show | null>(null);

/**
 * Toast messages and notifications for every screen. Ant Design's code for them is about 9 KiB
 * gzipped that no screen needs before its first toast, which always follows a click and an answer
 * from the server: it is loaded then, and the toasts asked for meanwhile are shown once it is. Not
 * Ant Design's App, which would also bring its modal dialogs into every first download (the screens
 * that confirm use Modal.useModal). The holder sits above the routes, so a notification stays when
 * its screen navigates away.
 */
export function MessageProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const ready = useRef<Feedback | null>(null);
  const waiting = useRef<((feedback: Feedback) => void)[]>([]);

  const onReady = useCallback((feedback: Feedback) => {
    ready.current = feedback;
    for (const toast of waiting.current.splice(0)) toast(feedback);
  }, []);
  const show = useCallback<Show>((toast) => {
    if (ready.current) return toast(ready.current);
    waiting.current.push(toast);
    setWanted(true);
  }, []);

  return (
    <FeedbackContext value={show}>
      {wanted && (
        // A toast is not worth a broken screen: if its code cannot be loaded (a redeploy renamed
        // the file, the network dropped), the toast is lost and the screen goes on.
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <FeedbackHolder onReady={onReady} />
          </Suspense>
        </ErrorBoundary>
      )}
      {children}
    </FeedbackContext>
  );
}

function useShow(): Show {
  const show = useContext(FeedbackContext);
  if (!show) throw new Error("useMessage and useNotification need a MessageProvider above them");
  return show;
}

/** A short toast at the top of the screen. */
export function useMessage(): { success: (content: ReactNode) => void; error: (content: ReactNode) => void } {
  const show = useShow();
  return useMemo(
    () => ({
      success: (content) => show((feedback) => void feedback.message.success(content)),
      error: (content) => show((feedback) => void feedback.message.error(content)),
    }),
    [show],
  );
}

/** A notice in the corner that can carry a link and stay until it is closed. */
export function useNotification(): { success: (notice: ArgsProps) => void } {
  const show = useShow();
  return useMemo(() => ({ success: (notice) => show((feedback) => feedback.notification.success(notice)) }), [show]);
}
