import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";
import { clearStoredData } from "../../../lib/storage";
import { sessionKey } from "./session";

/** SPEC.md: a failed sign-out is treated like a successful one; stored data is cleared either way. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest<null>(apiPaths.signOut, { method: "POST", expectUnauthorized: true }).catch(() => undefined);
    },
    onSettled: () => {
      clearStoredData();
      queryClient.clear();
      queryClient.setQueryData(sessionKey, null);
    },
  });
}
