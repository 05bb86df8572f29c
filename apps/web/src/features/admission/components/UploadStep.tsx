import { messages } from "@admissions/shared";
import { Checkbox, Col, Form, Row, Typography } from "antd";
import type { Rule } from "antd/es/form";
import { useTranslation } from "react-i18next";
import { DocumentUpload } from "./DocumentUpload";
import { messageInLanguage } from "../../../lib/in-language";

export const documents = [
  { name: "photoUrl", label: "photo", required: messages.photoRequired, preview: true, picturesOnly: true },
  { name: "marksheetCertificateUrl", label: "marksheet", required: messages.marksheetRequired },
  { name: "transferCertificateUrl", label: "transferCertificate" },
  { name: "communityCertificateUrl", label: "communityCertificate" },
  { name: "conductCertificateUrl", label: "conductCertificate" },
  { name: "specialCertificateUrl", label: "specialCertificate" },
  { name: "aadharImageUrl", label: "aadharImage", required: messages.aadharImageRequired },
] as const;

function requiredRule(message: string): Rule {
  return { validator: async (_rule, value: unknown) => (value ? undefined : Promise.reject(messageInLanguage(message))) };
}

export type DocumentName = (typeof documents)[number]["name"];

/** One document field; the marksheet is optional while the HSC results are awaited (SPEC.md). */
export function DocumentField({ name, owner, uploadFor, marksheetOptional }: { name: DocumentName; owner?: string; uploadFor?: string; marksheetOptional?: boolean }) {
  const { t } = useTranslation();
  const document = documents.find((item) => item.name === name)!;
  const required = "required" in document && !(name === "marksheetCertificateUrl" && marksheetOptional) ? document.required : undefined;
  return (
    <Col xs={24} md={12} lg={8}>
      <Form.Item name={name} rules={required ? [requiredRule(required)] : undefined}>
        <DocumentUpload
          label={t(`admission.documents.${document.label}`)}
          owner={owner}
          uploadFor={uploadFor}
          showPreview={"preview" in document}
          picturesOnly={"picturesOnly" in document}
          required={!!required}
        />
      </Form.Item>
    </Col>
  );
}

/** Step 4: the seven documents of SPEC.md and the declaration. */
export function UploadStep({ owner, uploadFor, marksheetOptional }: { owner?: string; uploadFor?: string; marksheetOptional: boolean }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col span={24}>
        <Typography.Paragraph>{t("admission.uploadIntro")}</Typography.Paragraph>
      </Col>
      {documents.map((document) => (
        <DocumentField key={document.name} name={document.name} owner={owner} uploadFor={uploadFor} marksheetOptional={marksheetOptional} />
      ))}
      <DeclarationField />
    </Row>
  );
}

/**
 * The declaration that what was entered is true: ticked by an applicant before sending the form, and
 * by a student entering the marks, since the form's check asks for it on every save.
 */
export function DeclarationField() {
  const { t } = useTranslation();
  return (
    <Col span={24}>
      <Form.Item name="declaration" valuePropName="checked" rules={[requiredRule(messages.agreementRequired)]}>
        <Checkbox>{t("admission.declaration")}</Checkbox>
      </Form.Item>
    </Col>
  );
}
