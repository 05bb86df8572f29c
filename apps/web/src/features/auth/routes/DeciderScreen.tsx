import { ROLE_STUDENT, ROLE_USER, deciderTarget } from "@admissions/shared";
import { useQuery } from "@tanstack/react-query";
import { Navigate } from "react-router";
import { FullPageLoader } from "../../../components/FullPageLoader";
import { routes } from "../../../lib/paths";
import { fetchHasApplicationStatus, fetchTweleveStatus } from "../api/decider";
import { useSession } from "../api/session";

/** SPEC.md /deciderScreen: shows nothing, sends each role where it belongs. */
export function DeciderScreen() {
  const session = useSession();
  const user = session.data;
  const facts = useQuery({
    queryKey: ["decider", user?.userName, user?.roleName],
    enabled: !!user,
    staleTime: 0,
    queryFn: async () => {
      if (user!.roleName === ROLE_USER) return { hasApplicationStatus: await fetchHasApplicationStatus(user!.userName) };
      if (user!.roleName === ROLE_STUDENT) return { tweleveStatus: await fetchTweleveStatus(user!.userName) };
      return {};
    },
  });

  if (session.isPending) return <FullPageLoader />;
  if (!user) return <Navigate to={routes.signIn} replace />;
  if (facts.isPending) return <FullPageLoader />;
  return <Navigate to={deciderTarget({ roleName: user.roleName, ...facts.data })} replace />;
}
