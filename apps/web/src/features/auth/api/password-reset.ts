import type { ResetPasswordRequest } from "@admissions/shared";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";

export function useRequestResetCode() {
  return useMutation({ mutationFn: (email: string) => apiRequest<string>(apiPaths.forgotPassword(email)) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (request: ResetPasswordRequest) => apiRequest<null>(apiPaths.resetPassword, { method: "PUT", body: request }),
  });
}
