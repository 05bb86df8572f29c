import { PlusOutlined } from "@ant-design/icons";
import { Alert, Button, Modal, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/error-text";
import "../masters.css";
import { Panel } from "../../../components/Panel";

/**
 * The frame both master screens share: the title, what deactivating means, the Add button for an
 * admin (other staff are told why there is none), a filter, and the list or why it failed to load.
 */
export function MasterList({
  title,
  hint,
  addLabel,
  onAdd,
  canEdit,
  filter,
  error,
  onRetry,
  children,
}: {
  title: string;
  hint: string;
  addLabel: string;
  onAdd: () => void;
  canEdit: boolean;
  filter?: ReactNode;
  error: unknown;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Panel>
      <Typography.Title level={1} className="page-title">
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      {!canEdit && <Alert type="info" showIcon title={t("masters.adminOnly")} className="master-notes" />}
      <div className="master-toolbar">
        {filter}
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} className="master-toolbar__end">
            {addLabel}
          </Button>
        )}
      </div>
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorText(error, t)}
          action={
            <Button size="small" onClick={onRetry}>
              {t("masters.retry")}
            </Button>
          }
        />
      ) : (
        children
      )}
    </Panel>
  );
}

/** Active in green, inactive in grey, both with white text at AA contrast. */
export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return <Tag color={active ? "#15803d" : "#4b5563"}>{active ? t("masters.active") : t("masters.inactive")}</Tag>;
}

/** A row's button, named with the row's name for screen readers ("Edit: B.COM."). */
export function RowButton({ label, name, onClick, loading }: { label: string; name: string; onClick: () => void; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button size="small" onClick={onClick} loading={loading} aria-label={t("masters.rowAction", { action: label, name })}>
      {label}
    </Button>
  );
}

/**
 * Activates at once, but asks before deactivating: one click on a course's Deactivate hid all its
 * degrees from the admission form. `question` names what closes; the holder goes in the page.
 */
export function useActiveToggle() {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const toggle = (isActive: boolean, question: string, change: (isActive: boolean) => void) => {
    if (!isActive) {
      change(true);
      return;
    }
    void modal.confirm({
      title: question,
      okText: t("masters.deactivate"),
      okButtonProps: { danger: true },
      cancelText: t("masters.cancel"),
      onOk: () => change(false),
    });
  };
  return [toggle, holder] as const;
}
