import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { routes } from "../../../lib/paths";

/** SPEC.md /signin: what an applicant does, in order, before they start. */
export function SignInIntro() {
  const { t } = useTranslation();
  const steps = ["introStep1", "introStep2", "introStep3", "introStep4", "introStep5"] as const;
  return (
    <section className="signin-intro" aria-labelledby="signin-intro-title">
      <h2 id="signin-intro-title">{t("signin.introTitle")}</h2>
      <ol>
        {steps.map((step, index) => (
          <li key={step}>{index === 0 ? <Link to={routes.signUp}>{t(`signin.${step}`)}</Link> : t(`signin.${step}`)}</li>
        ))}
      </ol>
    </section>
  );
}
