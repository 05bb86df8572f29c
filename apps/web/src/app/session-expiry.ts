import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { setUnauthorizedListener } from "../lib/api-client";
import { routes } from "../lib/paths";
import { clearStoredData } from "../lib/storage";

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
