import { rootTarget, type SigninRequest } from "@admissions/shared";
import { Button, Form } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { errorText } from "../../../lib/error-text";
import { useMessage } from "../../../lib/message";
import { routes } from "../../../lib/paths";
import { takeInitUrl } from "../../../lib/storage";
import { useSignIn } from "../api/sign-in";
import { AuthCard } from "../components/AuthCard";
import { SignInIntro } from "../components/SignInIntro";
import { PasswordInput, TextInput } from "../components/inputs";
import { authFieldRule } from "../field-rules";

/** What another screen may hand the sign-in form: the e-mail of an account just registered. */
export interface SignInState {
  userName?: string;
}

export function SignInPage() {
  const { t } = useTranslation();
  const handed = (useLocation().state as SignInState | null)?.userName;
  const message = useMessage();
  const navigate = useNavigate();
  const signIn = useSignIn();

  const submit = (credentials: SigninRequest) => {
    signIn.mutate(credentials, {
      onSuccess: () => void navigate(rootTarget(takeInitUrl()), { replace: true }),
      onError: (error) => {
        const text = error instanceof ApiError && error.status === 401 ? t("notices.loginFailed") : errorText(error, t);
        void message.error(text);
      },
    });
  };

  return (
    <AuthCard title={t("signin.title")} aside={<SignInIntro />}>
      <Form<SigninRequest> layout="vertical" onFinish={submit} requiredMark={false} name="signin" initialValues={{ username: handed }}>
        <Form.Item name="username" label={t("signin.username")} rules={[authFieldRule((schemas) => schemas.signinRequestSchema.shape.username)]}>
          <TextInput type="email" autoComplete="username" inputMode="email" />
        </Form.Item>
        <Form.Item name="password" label={t("signin.password")} rules={[authFieldRule((schemas) => schemas.signinRequestSchema.shape.password)]}>
          <PasswordInput autoComplete="current-password" autoFocus={handed !== undefined} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
          {t("signin.submit")}
        </Button>
      </Form>
      <div className="auth-links">
        <Link to={routes.forgotPassword}>{t("signin.forgot")}</Link>
        <span>
          {t("signin.noAccount")} <Link to={routes.signUp}>{t("signin.createAccount")}</Link>
        </span>
      </div>
    </AuthCard>
  );
}
