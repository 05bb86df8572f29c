import type { SessionUser, SigninRequest } from "@admissions/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";
import { rememberUser } from "../../../lib/storage";
import { sessionKey } from "./session";

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: SigninRequest) =>
      (await apiRequest<SessionUser>(apiPaths.signIn, { method: "POST", body: credentials, expectUnauthorized: true })).data,
    onSuccess: (user) => {
      // A different user may sign in on the same browser: nothing cached for the last one survives.
      queryClient.clear();
      queryClient.setQueryData(sessionKey, user);
      rememberUser(user);
    },
  });
}
