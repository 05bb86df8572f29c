import { Button, Form } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { errorText } from "../../../lib/error-text";
import { translateMessage } from "../../../lib/i18n";
import { useMessage } from "../../../lib/message";
import { CHANGE_PASSWORD_MODE, routes } from "../../../lib/paths";
import { useRequestResetCode } from "../api/password-reset";
import { useSession } from "../api/session";
import { AuthCard } from "../components/AuthCard";
import { TextInput } from "../components/inputs";
import { authFieldRule } from "../field-rules";

/** SPEC.md: /forgotpassword and /changepassword/:id? are one screen; CHANGE_PWD changes the title. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const { id } = useParams();
  const changing = id === CHANGE_PASSWORD_MODE;
  const requestCode = useRequestResetCode();
  // Change Password is opened from the signed-in bar: the code goes to the account's own e-mail,
  // filled in once the session is known (the form is drawn again with it). Forgot password, for the
  // signed out, asks nobody.
  const signedInUserName = useSession({ ask: changing }).data?.userName;

  const submit = ({ emailid }: { emailid: string }) => {
    const email = emailid.trim().toLowerCase();
    requestCode.mutate(email, {
      onSuccess: (answer) => {
        void message.success(translateMessage(answer.data));
        void navigate(routes.resetPassword(email));
      },
      onError: (error) => void message.error(errorText(error, t)),
    });
  };

  return (
    <AuthCard title={changing ? t("forgot.titleChange") : t("forgot.titleForgot")}>
      {!changing && <p className="auth-card__intro">{t("forgot.intro")}</p>}
      <Form
        key={signedInUserName}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        name="forgot-password"
        initialValues={{ emailid: changing ? signedInUserName : undefined }}
      >
        <Form.Item name="emailid" label={t("forgot.email")} rules={[authFieldRule((schemas) => schemas.forgotPasswordQuerySchema.shape.emailid)]}>
          <TextInput type="email" autoComplete="email" inputMode="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={requestCode.isPending}>
          {t("forgot.submit")}
        </Button>
      </Form>
      <div className="auth-links">
        <Link to={routes.signIn}>{t("forgot.backToSignIn")}</Link>
      </div>
    </AuthCard>
  );
}
