import type { QueryClient } from "@tanstack/react-query";
import { setUnauthorizedListener } from "../lib/api-client";
import { routes } from "../lib/paths";
import { clearStoredData } from "../lib/storage";

/** SPEC.md: any 401 clears local storage and goes to /signin. */
export function signOutOnUnauthorized(queryClient: QueryClient, router: { navigate(to: string, options: { replace: boolean }): unknown }) {
  setUnauthorizedListener(() => {
    clearStoredData();
    queryClient.clear();
    void router.navigate(routes.signIn, { replace: true });
  });
}
