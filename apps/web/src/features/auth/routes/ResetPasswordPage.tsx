import { messages } from "@admissions/shared";
import { Button, Form } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { errorText } from "../../../lib/error-text";
import { messageInLanguage } from "../../../lib/in-language";
import { useMessage } from "../../../lib/message";
import { routes } from "../../../lib/paths";
import { useResetPassword } from "../api/password-reset";
import { useSignOut } from "../api/sign-out";
import { AuthCard } from "../components/AuthCard";
import { PasswordInput, TextInput } from "../components/inputs";
import { authFieldRule } from "../field-rules";

interface ResetForm {
  /** Asked only when the address names no account (a link typed by hand, the code's mail open elsewhere). */
  email?: string;
  codes: string;
  newPassword: string;
  confirm: string;
}

/** SPEC.md /resetpassword/:id: the id is the account's e-mail; success signs the user out. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const { id: emailInLink = "" } = useParams();
  const resetPassword = useResetPassword();
  const signOut = useSignOut();

  const submit = (form: ResetForm) => {
    resetPassword.mutate(
      { codes: form.codes, email: emailInLink || (form.email ?? "").trim(), newPassword: form.newPassword },
      {
        onSuccess: () => {
          void message.success(t("notices.passwordResetSuccess"));
          signOut.mutate(undefined, { onSettled: () => void navigate(routes.signIn, { replace: true }) });
        },
        onError: (error) => void message.error(errorText(error, t)),
      },
    );
  };

  return (
    <AuthCard title={t("reset.title")}>
      {emailInLink && <p className="auth-card__intro">{t("reset.intro", { email: emailInLink })}</p>}
      <Form<ResetForm> layout="vertical" onFinish={submit} requiredMark={false} name="reset-password">
        {/* Without it, the server's "not a valid e-mail" named a field the page did not have. */}
        {!emailInLink && (
          <Form.Item name="email" label={t("forgot.email")} rules={[authFieldRule((schemas) => schemas.forgotPasswordQuerySchema.shape.emailid)]}>
            <TextInput type="email" autoComplete="email" inputMode="email" />
          </Form.Item>
        )}
        <Form.Item name="codes" label={t("reset.otp")} rules={[authFieldRule((schemas) => schemas.resetPasswordRequestSchema.shape.codes)]}>
          <TextInput autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
        </Form.Item>
        <Form.Item name="newPassword" label={t("reset.newPassword")} rules={[authFieldRule((schemas) => schemas.resetPasswordFormSchema.shape.newPassword)]}>
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t("reset.confirm")}
          dependencies={["newPassword"]}
          rules={[
            authFieldRule((schemas) => schemas.resetPasswordFormSchema.shape.confirm),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue("newPassword")) throw messageInLanguage(messages.passwordMismatch);
              },
            }),
          ]}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={resetPassword.isPending}>
          {t("reset.submit")}
        </Button>
      </Form>
      <div className="auth-links">
        <Link to={routes.forgotPassword}>{t("reset.newCode")}</Link>
        <Link to={routes.signIn}>{t("forgot.backToSignIn")}</Link>
      </div>
    </AuthCard>
  );
}
