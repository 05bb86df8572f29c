import type { CreateUserRequest, Role, UpdateUserRequest, UserList, UserListItem } from "@admissions/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";

const usersKey = ["users"] as const;

export function useRoles() {
  return useQuery({ queryKey: ["roles"], queryFn: async () => (await apiRequest<Role[]>(apiPaths.roles)).data, staleTime: 10 * 60_000 });
}

/** A page of accounts for a query string taken as-is from the page's URL (pageNo, search, role, active). */
export function useUsers(query: string) {
  return useQuery({
    queryKey: [...usersKey, query],
    queryFn: async () => (await apiRequest<UserList>(apiPaths.users(query))).data,
    placeholderData: keepPreviousData,
  });
}

/** A change to an account: the list is fetched again afterwards, whichever page it is on. */
function useUserChange<T>(request: (input: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}

export function useCreateUser() {
  return useUserChange((user: CreateUserRequest) => apiRequest<UserListItem>(apiPaths.createUser, { method: "POST", body: user }));
}

export function useUpdateUser() {
  return useUserChange(({ id, ...change }: UpdateUserRequest & { id: number }) =>
    apiRequest<UserListItem>(apiPaths.user(id), { method: "PUT", body: change }),
  );
}

/** Mails the account a reset code; the list does not change. */
export function useSendPasswordReset() {
  return useMutation({ mutationFn: (id: number) => apiRequest<null>(apiPaths.userPasswordReset(id), { method: "POST" }) });
}
