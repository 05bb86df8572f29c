import "./lib/i18n";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers";
import { createRouter } from "./app/router";
import { setUnauthorizedListener } from "./lib/api-client";
import { createQueryClient } from "./lib/query-client";
import { clearStoredData } from "./lib/storage";

const queryClient = createQueryClient();
const router = createRouter();

// SPEC.md: any 401 clears local storage and goes to /signin.
setUnauthorizedListener(() => {
  clearStoredData();
  queryClient.clear();
  void router.navigate("/signin", { replace: true });
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
