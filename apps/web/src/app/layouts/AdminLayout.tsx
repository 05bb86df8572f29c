import { MenuOutlined } from "@ant-design/icons";
import { adminMenuFor } from "@admissions/shared";
import { Button, ConfigProvider, Drawer, Grid, Layout, Menu, type MenuProps } from "antd";
import { useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { LanguageSwitcher } from "../../components/LanguageSwitcher";
import { useSession } from "../../features/auth/api/session";
import { SignOutButton } from "../../features/auth/components/SignOutButton";
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
  const [menuOpen, setMenuOpen] = useState(false);
  const wide = Grid.useBreakpoint().lg ?? true;
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const selected = adminMenuFor(user?.roleName ?? "")
    .map((item) => item.path)
    .filter((path) => location.pathname === path || location.pathname.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)
    .slice(0, 1);

  const brand = (
    <Link to={routes.root} className="brand admin-sider__brand">
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <span>{t("app.name")}</span>
    </Link>
  );
  const navigation = (
    <nav aria-label={t("admin.navigation")}>
      <Menu theme="dark" mode="inline" selectedKeys={selected} items={menuItems(user?.roleName ?? "", t)} onClick={() => setMenuOpen(false)} />
    </nav>
  );

  // Wide screens keep the sidebar; phones get a menu button and the same menu in a drawer over the page.
  return (
    <Layout className="admin-layout">
      {wide && (
        <Layout.Sider width={240} className="admin-sider">
          {brand}
          {navigation}
        </Layout.Sider>
      )}
      {!wide && (
        <Drawer
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          placement={direction === "rtl" ? "right" : "left"}
          size={260}
          title={brand}
          className="admin-drawer"
        >
          {navigation}
        </Drawer>
      )}
      <Layout>
        <Layout.Header className="admin-header">
          {!wide && (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t("nav.openMenu")}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
              className="admin-header__menu"
            />
          )}
          <span className="admin-header__user">{user && t("nav.signedInAs", { userName: user.userName })}</span>
          <LanguageSwitcher />
          <SignOutButton />
        </Layout.Header>
        {/* Layout.Content is the page's <main>. */}
        <Layout.Content className="admin-content">
          <Outlet />
        </Layout.Content>
        <Layout.Footer className="admin-footer">{t("admin.footer", { name: t("app.name") })}</Layout.Footer>
      </Layout>
    </Layout>
  );
}
