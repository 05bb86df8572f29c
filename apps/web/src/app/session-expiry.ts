import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { setUnauthorizedListener } from "../lib/api-client";
import { routes } from "../lib/paths";
import { clearStoredData, onAccountChangedElsewhere } from "../lib/storage";

/** SPEC.md: any 401 clears local storage and goes to /signin. Used once, by the route tree. */
export function useSignOutOnUnauthorized() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedListener(() => {
      clearStoredData();
      queryClient.clear();
      void navigate(routes.signIn, { replace: true });
    });
  }, [queryClient, navigate]);
}

/**
 * Another tab signed in as someone else, or out: this tab's screens (a half-filled form, say) were
 * drawn for the account before, and their saves would now go out as the new one. It starts again
 * from the decider, which shows the account now signed in, or the sign-in page. Used once, by the
 * route tree.
 */
export function useStartAgainWhenAccountChanges() {
  useEffect(() => onAccountChangedElsewhere(() => window.location.replace(routes.decider)), []);
}
