import { CheckCircleFilled } from "@ant-design/icons";
import { isStoredPicture, limits, messages } from "@admissions/shared";
import { Image, Spin } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-client";
import { useDocumentUrl } from "../../../lib/documents";
import { translateMessage } from "../../../lib/i18n";
import { useMessage } from "../../../lib/message";
import { uploadDocument } from "../api/admission";
import { shrinkImageToFit } from "../lib/shrink-image";
import "./document-upload.css";

const ACCEPT = "image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf";
const ACCEPT_PICTURES = "image/jpeg,image/png,.jpg,.jpeg,.png";

/**
 * One document of the upload step. A native file input, so phones offer the camera and the gallery
 * and keyboards reach it, laid over a button that says in the interface's language whether a file is
 * in (document-upload.css); photos over 1 MB are shrunk before they are sent. The input takes the id
 * and the error's aria attributes the form item gives, so a missing document's error is read out
 * with it and the form can scroll to it and focus it.
 */
export function DocumentUpload({
  label,
  value,
  onChange,
  owner,
  uploadFor,
  showPreview,
  picturesOnly,
  required,
  id,
  "aria-invalid": invalid,
  "aria-describedby": errorId,
}: {
  label: string;
  value?: string;
  onChange?: (fileName: string) => void;
  /** Whose document it is, for the preview's download path. */
  owner: string | undefined;
  /** Staff upload for a walk-in applicant by e-mail. */
  uploadFor?: string;
  showPreview?: boolean;
  /** The photo: a picture, never a PDF, as it is shown and printed. */
  picturesOnly?: boolean;
  required?: boolean;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [busy, setBusy] = useState(false);
  /** Why the last file chosen was not taken, until another is chosen: in English, shown in the language of the moment. */
  const [refusal, setRefusal] = useState<string>();
  const previewUrl = useDocumentUrl(showPreview ? owner : undefined, value);

  /** SPEC.md's message comes as a notice; it stays by the document too, where the notice soon goes. */
  const refuse = (english: string) => {
    setRefusal(english);
    void message.error(translateMessage(english));
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      const fitted = await shrinkImageToFit(file);
      if (fitted.size > limits.uploadMaxBytes) {
        refuse(messages.fileTooLarge);
        return;
      }
      const stored = await uploadDocument(fitted, fitted.name, uploadFor);
      // The stored name's extension is what the server read in the file, whatever its own name said.
      if (picturesOnly && !isStoredPicture(stored)) {
        refuse(messages.photoNotImage);
        return;
      }
      onChange?.(stored);
    } catch (error) {
      // The server's refusal says why (the type, the size, too many files); anything else is a failed upload.
      refuse(error instanceof ApiError && error.status > 0 && error.message ? error.message : messages.uploadFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="document-upload">
      <label htmlFor={inputId} className="document-upload__label">
        {label}
        {required && <span aria-hidden> *</span>}
      </label>
      <div className="document-upload__picker">
        <input
          id={inputId}
          type="file"
          accept={picturesOnly ? ACCEPT_PICTURES : ACCEPT}
          // Not disabled while it uploads: a disabled input loses the focus, and a keyboard user was
          // sent back to the top of the page after every document. It only refuses to open meanwhile.
          aria-disabled={busy || undefined}
          onClick={(event) => {
            if (busy) event.preventDefault();
          }}
          aria-invalid={invalid}
          aria-describedby={[errorId, refusal && `${inputId}-refusal`, `${inputId}-hint`].filter(Boolean).join(" ")}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
        {/* The input is named by its label and described by the hint; this only draws its button. */}
        <span className="document-upload__button" aria-hidden>
          {value ? t("admission.replaceFile") : t("admission.chooseFile")}
        </span>
      </div>
      <div id={`${inputId}-hint`} className="document-upload__hint">
        {busy ? (
          <Spin size="small" />
        ) : value ? (
          <>
            <CheckCircleFilled className="document-upload__done" aria-hidden /> {t("admission.uploaded")}
          </>
        ) : (
          t(picturesOnly ? "admission.pictureHint" : "admission.uploadHint")
        )}
      </div>
      {refusal && (
        <div id={`${inputId}-refusal`} className="document-upload__refusal">
          {translateMessage(refusal)}
        </div>
      )}
      {previewUrl && <Image src={previewUrl} alt={label} width={96} className="document-upload__preview" />}
    </div>
  );
}
