import { MenuOutlined } from "@ant-design/icons";
import { ROLE_STUDENT } from "@admissions/shared";
import { Grid } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { LanguageSwitcher } from "../../components/LanguageSwitcher";
import { useSession } from "../../features/auth/api/session";
import { SignOutButton } from "../../features/auth/components/SignOutButton";
import { routes } from "../../lib/paths";
import { ApplicantFrame } from "./ApplicantFrame";

/**
 * The folded menu's drawer is fetched with the first tap on the menu button: with the skeleton it
 * shows while loading, about 10 KiB gzipped that a wide screen never uses and a narrow one only
 * after the form is drawn.
 */
const Drawer = lazy(() => import("antd/es/drawer"));

/** SPEC.md, applicant top bar: dark blue; on small screens the links fold into a menu. */
export function ApplicantLayout() {
  const { t } = useTranslation();
  const { data: user } = useSession();
  const screens = Grid.useBreakpoint();
  /** Undefined until the menu is first opened, so the drawer is not fetched before. */
  const [menuOpen, setMenuOpen] = useState<boolean>();

  const links = (
    <nav className="applicant-bar__links" aria-label={t("app.name")} onClick={() => setMenuOpen(false)}>
      {user?.roleName === ROLE_STUDENT && (
        <>
          <Link to={routes.feesHistory}>{t("nav.feesHistory")}</Link>
          <Link to={routes.feesDetail}>{t("nav.payFees")}</Link>
        </>
      )}
      <Link to={routes.changePassword}>{t("nav.changePassword")}</Link>
      <SignOutButton />
    </nav>
  );

  const wide = screens.lg ?? true;
  const barEnd = (
    <div className="applicant-bar__end">
      <LanguageSwitcher variant="dark" />
      {wide ? (
        links
      ) : (
        // A plain button drawn by styles.css: Ant Design's would make its button styles in the
        // browser as a phone's first visit draws the bar (PERFORMANCE.md, twenty-fourth round).
        <button type="button" className="applicant-bar__menu" aria-label={t("nav.openMenu")} aria-expanded={menuOpen ?? false} onClick={() => setMenuOpen(true)}>
          <MenuOutlined />
        </button>
      )}
    </div>
  );
  return (
    <ApplicantFrame barEnd={barEnd}>
      {!wide && menuOpen !== undefined && (
        <Suspense fallback={null}>
          <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} title={user?.userName} size="default" className="applicant-drawer">
            {links}
          </Drawer>
        </Suspense>
      )}
      <Outlet />
    </ApplicantFrame>
  );
}
