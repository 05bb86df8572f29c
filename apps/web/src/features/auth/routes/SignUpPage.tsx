import { limits, type SignupRequest } from "@admissions/shared";
import { Button, Form } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { errorText } from "../../../lib/error-text";
import { translateMessage } from "../../../lib/i18n";
import { useMessage } from "../../../lib/message";
import { routes } from "../../../lib/paths";
import { useSignUp } from "../api/sign-up";
import type { SignInState } from "./SignInPage";
import { AuthCard } from "../components/AuthCard";
import { PasswordInput, TextInput } from "../components/inputs";
import { authFieldRule } from "../field-rules";

export function SignUpPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const signUp = useSignUp();

  const submit = (registration: SignupRequest) => {
    signUp.mutate(registration, {
      onSuccess: (answer) => {
        void message.success(translateMessage(answer.message));
        // The new account's e-mail goes along, so signing in asks only for the password.
        const registered: SignInState = { userName: registration.emailId.trim() };
        setTimeout(() => void navigate(routes.signIn, { state: registered }), limits.signupRedirectDelayMs);
      },
      onError: (error) => void message.error(errorText(error, t)),
    });
  };

  return (
    <AuthCard title={t("signup.title")}>
      <Form<SignupRequest> layout="vertical" onFinish={submit} requiredMark={false} name="signup">
        <Form.Item name="mobile" label={t("signup.mobile")} rules={[authFieldRule((schemas) => schemas.signupRequestSchema.in.shape.mobile)]}>
          <TextInput type="tel" autoComplete="tel-national" inputMode="numeric" maxLength={16} />
        </Form.Item>
        <Form.Item name="emailId" label={t("signup.email")} rules={[authFieldRule((schemas) => schemas.signupRequestSchema.in.shape.emailId)]}>
          <TextInput type="email" autoComplete="email" inputMode="email" />
        </Form.Item>
        <Form.Item name="password" label={t("signup.password")} extra={t("signup.passwordHint")} rules={[authFieldRule((schemas) => schemas.signupRequestSchema.in.shape.password)]}>
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={signUp.isPending || signUp.isSuccess}>
          {t("signup.submit")}
        </Button>
      </Form>
      <div className="auth-links">
        <span>
          {t("signup.haveAccount")} <Link to={routes.signIn}>{t("signup.signIn")}</Link>
        </span>
      </div>
    </AuthCard>
  );
}
