import { decisionFields, limits, messages, staffNotices, type DecisionStatus } from "@admissions/shared";
import { Alert, Button, Form, Input, Modal, Select, Space } from "antd";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { errorText } from "../../../lib/error-text";
import { zodRule } from "../../../lib/form-rules";
import { translateMessage } from "../../../lib/i18n";
import { messageInLanguage } from "../../../lib/in-language";
import { useCourses, useDegreeInScope, useDegrees } from "../../../lib/masters";
import { useMessage } from "../../../lib/message";
import { useDecideApplication, type ReviewedApplication } from "../api/review";
import { SectionCard } from "./ApplicationDetails";

/** The four buttons of SPEC.md, in its order; `name` keys the label (review.<name>) and the confirmation (review.confirm.<name>). */
const actions: { status: DecisionStatus; name: string }[] = [
  { status: "Approved", name: "approve" },
  { status: "Transferred", name: "transfer" },
  { status: "Cancelled", name: "cancel" },
  { status: "Rejected", name: "reject" },
];

/**
 * The remarks box and SPEC.md's four decisions. Remarks are checked first by the shared rule, so blank
 * remarks show 'Enter Remarks' and nothing is sent; Transfer then asks for the degree, the others
 * for confirmation.
 */
export function DecisionPanel({ application }: { application: ReviewedApplication }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const [form] = Form.useForm<{ message: string }>();
  const [transferForm] = Form.useForm<{ degreeId: number }>();
  const [transferring, setTransferring] = useState(false);
  const decide = useDecideApplication();
  const degrees = useDegrees();
  const courses = useCourses();
  const inScope = useDegreeInScope();

  const send = (status: DecisionStatus, remarks: string, degreeId?: number) =>
    decide.mutateAsync(
      { status, message: remarks, applicationNo: application.applicationNo, degreeId, expectedStatus: application.applicationStatus },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success(translateMessage(staffNotices.statusUpdated));
        },
      },
    );

  const choose = async (status: DecisionStatus, name: string) => {
    decide.reset();
    const remarks = await form
      .validateFields()
      .then((values) => values.message.trim())
      .catch(() => undefined);
    if (remarks === undefined) {
      // The keyboard goes where the error is, as on the admission form, not left on the button.
      form.focusField("message");
      return;
    }
    if (status === "Transferred") {
      transferForm.resetFields();
      setTransferring(true);
      return;
    }
    modal.confirm({
      title: <ApplicationNumbered i18nKey={`review.confirm.${name}`} applicationNo={application.applicationNo} />,
      content: t("review.confirmRemarks", { remarks }),
      okText: t(`review.${name}`),
      okButtonProps: { danger: status !== "Approved" },
      // Enter, pressed out of habit, must not reject or cancel an application.
      autoFocusButton: status === "Approved" ? "ok" : "cancel",
      cancelText: t("review.notNow"),
      // A refused decision stays on the page as an alert; the dialog just closes.
      onOk: () => send(status, remarks).catch(() => undefined),
    });
  };

  /** Once a degree is chosen the dialog closes whatever the answer: a refusal shows as the panel's alert. */
  const transfer = async () => {
    const { degreeId } = await transferForm.validateFields();
    await send("Transferred", (form.getFieldValue("message") as string).trim(), degreeId).catch(() => undefined);
    setTransferring(false);
  };

  // The degrees to move to, under the application's course: not its own, and for a department admin
  // only those they look after (the server refuses the rest, and a degree of the other course).
  const degreeGroups = (courses.data ?? [])
    .filter((course) => course.id === application.courseId)
    .map((course) => ({
      label: course.name,
      title: course.name,
      options: (degrees.data ?? [])
        .filter((degree) => degree.courseId === course.id && degree.id !== application.courseSubjectId && inScope(degree))
        .map((degree) => ({ value: degree.id, label: degree.name })),
    }))
    .filter((group) => group.options.length > 0);

  return (
    <SectionCard title={t("review.decision")}>
      {modalHolder}
      <Form form={form} layout="vertical" requiredMark={false} name="decision">
        <Form.Item name="message" label={t("review.remarks")} rules={[zodRule(decisionFields.message)]}>
          <Input.TextArea maxLength={limits.remarksMaxLength} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
      {decide.isError && <Alert type="error" showIcon title={errorText(decide.error, t)} className="review-alert" />}
      <Space wrap>
        {actions.map(({ status, name }) => (
          <Button
            key={status}
            type={status === "Approved" ? "primary" : "default"}
            danger={status === "Rejected"}
            loading={decide.isPending && decide.variables?.status === status}
            // Only a transfer may repeat the status: it moves the application to another degree.
            disabled={decide.isPending || (status === application.applicationStatus && status !== "Transferred")}
            onClick={() => void choose(status, name)}
          >
            {t(`review.${name}`)}
          </Button>
        ))}
      </Space>
      <Modal
        open={transferring}
        title={<ApplicationNumbered i18nKey="review.transferTitle" applicationNo={application.applicationNo} />}
        okText={t("review.transfer")}
        cancelText={t("review.notNow")}
        confirmLoading={decide.isPending}
        onOk={() => void transfer().catch(() => undefined)}
        onCancel={() => setTransferring(false)}
        forceRender
      >
        <Form form={transferForm} layout="vertical" requiredMark={false} name="transfer">
          <Form.Item name="degreeId" label={t("review.transferTo")} rules={[{ required: true, message: messageInLanguage(messages.degreeRequired) }]}>
            <Select showSearch={{ optionFilterProp: "label" }} options={degreeGroups} loading={degrees.isPending || courses.isPending} />
          </Form.Item>
        </Form>
      </Modal>
    </SectionCard>
  );
}

/**
 * "Reject application UG-2026-000004?" in the chosen language, the number isolated from the words
 * around it and never broken at its hyphens: a phone split it after "UG-", and in Arabic the two
 * halves stood at the two ends of the title.
 */
function ApplicationNumbered({ i18nKey, applicationNo }: { i18nKey: string; applicationNo: string }) {
  return <Trans i18nKey={i18nKey} values={{ applicationNo }} components={[<bdi key="number" className="unbroken" />]} />;
}
