import "./lib/i18n";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers";
import { createRouter } from "./app/router";
import { signOutOnUnauthorized } from "./app/session-expiry";
import { createQueryClient } from "./lib/query-client";

const queryClient = createQueryClient();
const router = createRouter();

signOutOnUnauthorized(queryClient, router);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
