import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { setUnauthorizedListener } from "../lib/api-client";
import { routes } from "../lib/paths";
import { clearStoredData, onAccountChangedElsewhere, rememberInitUrl } from "../lib/storage";

/**
 * SPEC.md: any 401 clears local storage and goes to /signin. The screen the session ended on is
 * remembered, as a signed-out visit's is (`RequireAuth`), so signing in again goes back to it: to a
 * walk-in entry, say, which its server draft then brings back. Used once, by the route tree.
 */
export function useSignOutOnUnauthorized() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const screen = useRef("");
  useEffect(() => {
    screen.current = location.pathname + location.search;
  }, [location]);
  useEffect(() => {
    setUnauthorizedListener(() => {
      clearStoredData();
      if (!screen.current.startsWith(routes.signIn)) rememberInitUrl(screen.current);
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
