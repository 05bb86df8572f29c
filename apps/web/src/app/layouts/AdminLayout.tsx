import { adminMenuFor } from "@admissions/shared";
import { Layout, Menu, type MenuProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { LanguageSwitcher } from "../../components/LanguageSwitcher";
import { useSession } from "../../features/auth/api/session";
import { useSignOut } from "../../features/auth/api/sign-out";
import { routes } from "../../lib/paths";

/** SPEC.md, admin sidebar: the Master group, then the top-level items the role may see. */
function menuItems(roleName: string, t: (key: string) => string): MenuProps["items"] {
  const items = adminMenuFor(roleName);
  const toEntry = (item: (typeof items)[number]) => ({ key: item.path, label: <Link to={item.path}>{t(`menu.${item.label}`)}</Link> });
  return [
    { type: "group" as const, key: "master", label: t("menu.master"), children: items.filter((item) => item.group === "master").map(toEntry) },
    ...items.filter((item) => !item.group).map(toEntry),
  ];
}

export function AdminLayout() {
  const { t } = useTranslation();
  const { data: user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [collapsed, setCollapsed] = useState(false);
  const selected = adminMenuFor(user?.roleName ?? "")
    .map((item) => item.path)
    .filter((path) => location.pathname === path || location.pathname.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)
    .slice(0, 1);

  return (
    <Layout className="admin-layout">
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={0}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={240}
        className="admin-sider"
        zeroWidthTriggerStyle={{ top: 12 }}
      >
        <Link to={routes.root} className="brand admin-sider__brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{t("app.name")}</span>
        </Link>
        <nav aria-label={t("admin.navigation")}>
          <Menu theme="dark" mode="inline" selectedKeys={selected} items={menuItems(user?.roleName ?? "", t)} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="admin-header">
          <span className="admin-header__user">{user && t("nav.signedInAs", { userName: user.userName })}</span>
          <LanguageSwitcher />
          <button
            type="button"
            className="link-button"
            onClick={() => signOut.mutate(undefined, { onSettled: () => void navigate(routes.signIn, { replace: true }) })}
          >
            {t("nav.logout")}
          </button>
        </Layout.Header>
        <Layout.Content className="admin-content">
          <main>
            <Outlet />
          </main>
        </Layout.Content>
        <Layout.Footer className="admin-footer">{t("admin.footer", { name: t("app.name") })}</Layout.Footer>
      </Layout>
    </Layout>
  );
}
