import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../../lib/paths";
import { useSignOut } from "../api/sign-out";

/** SPEC.md: Logout signs out, clears what the browser stored and goes to /signin, even if the call fails. */
export function SignOutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <button
      type="button"
      className="link-button"
      onClick={() => signOut.mutate(undefined, { onSettled: () => void navigate(routes.signIn, { replace: true }) })}
    >
      {t("nav.logout")}
    </button>
  );
}
