import { Modal } from "antd";
import { useTranslation } from "react-i18next";

/**
 * Asks the office before a walk-in entry replaces the application its applicant started online and
 * has not paid for: the e-mail may have been typed wrong, and the other person's details would go.
 */
export function ReplaceOwnApplicationDialog({ email, onReplace, onKeep }: { email: string; onReplace: () => void; onKeep: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t("admission.replaceOwnApplication", { email })}
      okText={t("admission.replaceIt")}
      okButtonProps={{ danger: true }}
      cancelText={t("masters.cancel")}
      onOk={onReplace}
      onCancel={onKeep}
    >
      {t("notices.walkInOverOwnApplication")}
    </Modal>
  );
}
