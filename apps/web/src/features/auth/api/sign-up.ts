import type { SignupRequest } from "@admissions/shared";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";

export function useSignUp() {
  return useMutation({
    mutationFn: (registration: SignupRequest) =>
      apiRequest<{ userName: string }>(apiPaths.signUp, { method: "POST", body: { ...registration, userName: registration.emailId } }),
  });
}
