import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { Providers } from "./app/providers";
import { AppRoutes } from "./app/router";
import { i18nReady } from "./lib/i18n";
import { createQueryClient } from "./lib/query-client";
import { registerServiceWorker } from "./lib/service-worker";

const queryClient = createQueryClient();

// The development server's modules are not hashed files; only the built app is cached.
if (import.meta.env.PROD) registerServiceWorker();

// A reader of another language waits for its catalogue (one small chunk) rather than seeing English first.
void i18nReady.finally(() => {
  const root = createRoot(document.getElementById("root")!);
  // As a transition, React draws the first screen in slices of a few milliseconds and a phone's
  // main thread is never held for long (docs/PERFORMANCE.md, second round).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    ),
  );
});
