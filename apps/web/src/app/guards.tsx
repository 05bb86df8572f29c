import { isStaffRole, rootTarget } from "@admissions/shared";
import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageLoader, useReadyToDraw } from "../components/FullPageLoader";
import { useSession } from "../features/auth/api/session";
import { routes } from "../lib/paths";
import { rememberInitUrl } from "../lib/storage";

/**
 * SPEC.md: signed-out visitors go to /signin and the page they wanted is remembered. The
 * placeholder shows while the session is asked for.
 */
export function RequireAuth({ placeholder }: { placeholder: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const sessionKnown = useReadyToDraw(!session.isPending);
  if (!sessionKnown) return placeholder;
  if (!session.data) {
    rememberInitUrl(location.pathname + location.search);
    return <Navigate to={routes.signIn} replace />;
  }
  return <Outlet />;
}

/** The staff area; applicants and students are sent where they belong (the server refuses them anyway). */
export function RequireStaff() {
  const session = useSession();
  if (!isStaffRole(session.data?.roleName)) return <Navigate to={routes.decider} replace />;
  return <Outlet />;
}

/**
 * /signin and /signup are for signed-out visitors only. The form shows while the session is asked
 * for, as nearly everyone who opens these pages is signed out: the page is drawn in the first,
 * interruptible render rather than all at once when the answer comes, which would hold a phone's
 * main thread for most of a second.
 */
export function RedirectSignedIn({ to }: { to: string }) {
  const session = useSession();
  if (session.data) return <Navigate to={to} replace />;
  return <Outlet />;
}

/** SPEC.md, path /: signed out to /signin; signed in to the decider (the initial URL here is always /). */
export function RootRedirect() {
  const session = useSession();
  if (session.isPending) return <FullPageLoader />;
  return <Navigate to={session.data ? rootTarget("/") : routes.signIn} replace />;
}
