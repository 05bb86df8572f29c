import { PlusOutlined } from "@ant-design/icons";
import { isStaffRole, type UserListItem } from "@admissions/shared";
import { Alert, Button, Col, Flex, Modal, Row, Select, Space, Table, Tag, Typography, type TableProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { useCurrentUser, useIsAdmin } from "../../../lib/current-user";
import { errorText } from "../../../lib/error-text";
import { translateMessage } from "../../../lib/i18n";
import { useAllDegrees, useMasterName } from "../../../lib/masters";
import { useMessage } from "../../../lib/message";
import { routes } from "../../../lib/paths";
import { useScrollableTable } from "../../../lib/table-scroll";
import { tableChange, useUrlQuery } from "../../../lib/url-query";
import { useRoles, useSendPasswordReset, useUpdateUser, useUsers } from "../api/users";
import { useRoleLabel } from "../components/role-label";
import { UserFormModal } from "../components/UserFormModal";
import { Panel } from "../../../components/Panel";
import { AddressSearch } from "../../../components/AddressSearch";
import { usePagerItemRender } from "../../../lib/pager-names";

const PAGE_SIZE = 20;

/** SPEC.md /user (ROLE_ADMIN only): every account, paged and searched on the server; staff accounts made and changed here. */
export function UsersPage() {
  const isAdmin = useIsAdmin();
  // The sidebar shows User to admins only; anyone else who types the address goes back to the list.
  return isAdmin ? <UsersScreen /> : <Navigate to={routes.admin} replace />;
}

function UsersScreen() {
  const { t, i18n } = useTranslation();
  const pagerItemRender = usePagerItemRender();
  const table = useScrollableTable(t("menu.user"));
  const message = useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const { params, update } = useUrlQuery();
  const roles = useRoles();
  const degrees = useAllDegrees();
  const masterName = useMasterName();
  const roleLabel = useRoleLabel();
  const updateUser = useUpdateUser();
  const sendPasswordReset = useSendPasswordReset();
  // Nobody disables their own account here: the server refuses it, as it ended the admin's session for good.
  const currentUser = useCurrentUser();
  const createdDay = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium" });
  /** The account being edited, or "new" while a staff account is being created. */
  const [editing, setEditing] = useState<UserListItem | "new">();

  const pageNo = Number(params.get("pageNo") ?? 0);
  const query = new URLSearchParams(params);
  query.set("pageSize", String(PAGE_SIZE));
  const list = useUsers(query.toString());

  const degreeName = (id: number) => {
    const degree = degrees.data?.find((candidate) => candidate.id === id);
    return degree ? masterName(degree) : `#${id}`;
  };

  /** Asks first; the answer, good or bad, is said in the chosen language. */
  const confirmThen = (title: string, okText: string, danger: boolean, action: () => Promise<{ message: string }>) =>
    modal.confirm({
      title,
      okText,
      okButtonProps: { danger },
      cancelText: t("users.cancel"),
      onOk: async () => {
        try {
          void message.success(translateMessage((await action()).message));
        } catch (error) {
          void message.error(errorText(error, t));
        }
      },
    });

  const toggleActive = (user: UserListItem) => {
    const enabling = !user.isActive;
    confirmThen(
      t(enabling ? "users.confirmEnable" : "users.confirmDisable", { userName: user.userName }),
      t(enabling ? "users.enable" : "users.disable"),
      !enabling,
      () => updateUser.mutateAsync({ id: user.id, role: user.role, isActive: enabling, degreeIds: user.degreeIds }),
    );
  };

  const sendReset = (user: UserListItem) =>
    confirmThen(t("users.confirmReset", { userName: user.userName }), t("users.sendReset"), false, () => sendPasswordReset.mutateAsync(user.id));

  const columns: TableProps<UserListItem>["columns"] = [
    { title: t("users.email"), dataIndex: "userName", key: "userName" },
    { title: t("users.mobile"), dataIndex: "mobile", key: "mobile", render: (mobile: string | null) => mobile ?? "-" },
    { title: t("users.role"), dataIndex: "role", key: "role", render: (role: string) => roleLabel(role) },
    {
      title: t("users.degrees"),
      dataIndex: "degreeIds",
      key: "degrees",
      render: (ids: number[]) => (ids.length > 0 ? ids.map(degreeName).join(", ") : "-"),
    },
    {
      title: t("users.status"),
      dataIndex: "isActive",
      key: "status",
      // Solid colours whose white text keeps a 4.5:1 contrast.
      render: (active: boolean) => <Tag color={active ? "#15803d" : "#4b5563"}>{active ? t("users.active") : t("users.disabled")}</Tag>,
    },
    {
      title: t("users.created"),
      dataIndex: "createdAt",
      key: "createdAt",
      render: (createdAt: string) => createdDay.format(new Date(createdAt)),
    },
    {
      title: t("users.actions"),
      key: "actions",
      render: (_value, user) => (
        <Space size={0} wrap>
          {isStaffRole(user.role) && (
            <Button type="link" size="small" onClick={() => setEditing(user)} aria-label={t("users.editUser", { userName: user.userName })}>
              {t("users.edit")}
            </Button>
          )}
          {user.id !== currentUser?.userId && (
            <Button
              type="link"
              size="small"
              danger={user.isActive}
              onClick={() => toggleActive(user)}
              aria-label={t(user.isActive ? "users.disableUser" : "users.enableUser", { userName: user.userName })}
            >
              {user.isActive ? t("users.disable") : t("users.enable")}
            </Button>
          )}
          {user.isActive && (
            <Button type="link" size="small" onClick={() => sendReset(user)} aria-label={t("users.sendResetTo", { userName: user.userName })}>
              {t("users.sendReset")}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Panel>
      {modalHolder}
      <Flex vertical gap="middle">
        <Flex justify="space-between" align="center" wrap gap="small">
          <Typography.Title level={1} className="page-title">
            {t("menu.user")}
          </Typography.Title>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
            {t("users.createStaff")}
          </Button>
        </Flex>
        <Row gutter={[12, 12]}>
          <Col xs={24} md={12} lg={10}>
            <AddressSearch
              aria-label={t("users.search")}
              placeholder={t("users.search")}
              term={params.get("search") ?? ""}
              onSearch={(search) => update({ search })}
            />
          </Col>
          <Col xs={12} md={6} lg={5}>
            <Select
              aria-label={t("users.role")}
              placeholder={t("users.role")}
              allowClear
              className="full-width"
              value={params.get("role") ?? undefined}
              onChange={(value?: string) => update({ role: value })}
              options={(roles.data ?? []).map((role) => ({ value: role.name, label: roleLabel(role.name) }))}
            />
          </Col>
          <Col xs={12} md={6} lg={5}>
            <Select
              aria-label={t("users.status")}
              placeholder={t("users.status")}
              allowClear
              className="full-width"
              value={params.get("active") ?? undefined}
              onChange={(value?: string) => update({ active: value })}
              options={[
                { value: "true", label: t("users.active") },
                { value: "false", label: t("users.disabled") },
              ]}
            />
          </Col>
        </Row>
        {list.isError && <Alert type="error" showIcon role="alert" title={errorText(list.error, t)} />}
        <Table<UserListItem>
          ref={table}
          rowKey="id"
          columns={columns}
          dataSource={list.data?.content}
          loading={list.isFetching}
          scroll={{ x: 900 }}
          pagination={{
            itemRender: pagerItemRender,
            current: pageNo + 1,
            pageSize: PAGE_SIZE,
            total: list.data?.totalElements ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t("users.total", { total }),
          }}
          onChange={(pagination) => update(tableChange(pagination), true)}
        />
      </Flex>
      {editing && <UserFormModal user={editing === "new" ? undefined : editing} onClose={() => setEditing(undefined)} />}
    </Panel>
  );
}
