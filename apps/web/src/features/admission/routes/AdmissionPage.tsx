import { ROLE_STUDENT, admissionCourses, editableApplicationStatuses, isUnderGraduate, notices, rowMaxMark, type AdmissionInput, type FieldError } from "@admissions/shared";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Form, Grid, Space } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { FullPageLoader, usePaintedOnce, useReadyToDraw } from "../../../components/FullPageLoader";
import { ApiError } from "../../../lib/api-client";
import { errorText } from "../../../lib/error-text";
import { translateMessage } from "../../../lib/i18n";
import { postToGateway, useLeavingForGateway } from "../../../lib/gateway";
import { asFieldErrors, messageInLanguage } from "../../../lib/in-language";
import { useMessage } from "../../../lib/message";
import { useOneAtATime } from "../../../lib/one-at-a-time";
import { routes } from "../../../lib/paths";
import { useSession } from "../../auth/api/session";
import { useCourses, useDegrees, type Course, type Degree } from "../../../lib/masters";
import { saveServerDraft, useAdmission, useSubmitAdmission } from "../api/admission";
import { takeServerDraft, type AdmissionDraft } from "../api/form-reads";
import type * as LaterStepsModule from "../components/later-steps";
import { AdmissionFrame } from "../components/AdmissionFrame";
import { WithFormValues } from "../components/fields";
import { StudentDetailsStep } from "../components/StudentDetailsStep";
import {
  blankAdmission,
  clearLocalDraft,
  fieldNameOf,
  formValuesOf,
  LOCAL_DRAFT_KEY,
  newestDraft,
  readLocalDraft,
  stepOfField,
  withEveryMarkRow,
  writeLocalDraft,
} from "../lib/form-state";
import { Outcome } from "../../../components/Outcome";
// The first step's Ant Design styles, made at build time rather than in the browser as the form first draws.
import "virtual:prebuilt-antd-styles/admission-first-step";

const MARKS_STEP = 2;
const LAST_STEP = 3;
const SERVER_DRAFT_DELAY_MS = 2500;

type LaterSteps = typeof LaterStepsModule;

/**
 * The steps after the first, loaded once `wanted`: the applicant has typed on the first step or is
 * past it. Held as state rather than React.lazy so that a step, once here, draws in the same render
 * that moves to it, and the errors waiting for its fields find them.
 */
function useLaterSteps(wanted: boolean): LaterSteps | null {
  const [steps, setSteps] = useState<LaterSteps | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (!wanted || steps) return;
    let live = true;
    import("../components/later-steps").then(
      (loaded) => live && setSteps(loaded),
      (error: unknown) => live && setFailure(error ?? new Error("the admission form's steps did not load")),
    );
    return () => {
      live = false;
    };
  }, [wanted, steps]);
  // The screen's error boundary shows the server-error page (a redeploy renamed the file, the network dropped).
  if (failure) throw failure;
  return steps;
}

/**
 * The courses and degrees the form offers: UG and PG, the courses whose exam details it asks for
 * (another course's degrees take their students by import), and to staff entering a walk-in only
 * the degrees they look after (`ownDegrees`, null for all), which the server alone would refuse at
 * the last step. A course with no degree left to offer is not offered.
 */
function offeredChoices(courses: Course[] = [], degrees: Degree[] = [], ownDegrees: number[] | null | undefined) {
  const offeredDegrees = degrees.filter((degree) => degree.courseId in admissionCourses && (!ownDegrees || ownDegrees.includes(degree.id)));
  return { courses: courses.filter((course) => offeredDegrees.some((degree) => degree.courseId === course.id)), degrees: offeredDegrees };
}

/**
 * SPEC.md's admission form: Online Admission for an applicant (/admission), Offline Admission for
 * staff entering a walk-in applicant (/admin-admission), and the marks alone for a student admitted
 * before the results.
 */
export function AdmissionPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const offline = useLocation().pathname.startsWith(routes.offlineAdmission);
  const { data: user } = useSession();
  const student = !offline && user?.roleName === ROLE_STUDENT;
  const courses = useCourses();
  const degrees = useDegrees();
  const stored = useAdmission(offline ? undefined : user?.userName);
  const choices = useMemo(() => offeredChoices(courses.data, degrees.data, offline ? user?.degreeIds : null), [courses.data, degrees.data, offline, user?.degreeIds]);
  const submit = useSubmitAdmission();
  const sending = useOneAtATime();
  const [leavingForGateway, setLeavingForGateway] = useLeavingForGateway();
  const wide = Grid.useBreakpoint().md ?? true;

  const [form] = Form.useForm();
  const [step, setStep] = useState(student ? MARKS_STEP : 0);
  const [restored, setRestored] = useState(false);
  /** Errors found at the end wait here until their step's fields are on the screen. */
  const pendingErrors = useRef<FieldError[]>([]);
  const [errorsToShow, setErrorsToShow] = useState(0);
  /** A walk-in entry the server would not let replace its applicant's own application until the office confirms. */
  const [replacing, setReplacing] = useState<AdmissionInput>();
  const serverDraftTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stepTitle = useRef<HTMLHeadingElement>(null);
  const [startedTyping, setStartedTyping] = useState(false);
  const laterSteps = useLaterSteps(startedTyping || step > 0);
  const readyToDraw = useReadyToDraw(Boolean(user) && !courses.isPending && !degrees.isPending && restored);
  // The first step's first fields, those of a phone's first screen, are drawn and painted before the
  // rest of the step is drawn (docs/PERFORMANCE.md, fifty-seventh round).
  const firstFieldsPainted = usePaintedOnce(readyToDraw);
  const stepDrawn = step === 0 ? firstFieldsPainted : laterSteps !== null;

  /** The form's values: the stored application's or a blank form's, with a draft's over them. */
  const valuesWith = useCallback(
    (draft: AdmissionDraft | null) => {
      const values = stored.data ? formValuesOf(stored.data) : blankAdmission(offline ? undefined : user?.userName);
      return withEveryMarkRow(draft ? { ...values, ...draft.values } : values);
    },
    [stored.data, offline, user?.userName],
  );
  const stepOf = useCallback((draft: AdmissionDraft | null) => (student ? MARKS_STEP : draft ? Math.min(draft.step, LAST_STEP) : 0), [student]);

  // Bring back where the applicant was: the stored application, or the newer of the two drafts.
  useEffect(() => {
    if (restored || (!offline && stored.isPending)) return;
    let cancelled = false;
    void (async () => {
      const application = stored.data;
      const local = readLocalDraft(user?.userName);
      // Over a stored application, the changes typed into it and not yet sent (a Payment Failure
      // applicant's, a student's marks), which sending the form clears; otherwise the newer draft.
      const draft = application
        ? local?.applicationNo === application.applicationNo
          ? local
          : null
        : newestDraft(local, await takeServerDraft(queryClient));
      if (cancelled) return;
      form.setFieldsValue(valuesWith(draft));
      setStep(stepOf(draft));
      setRestored(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [restored, offline, stored.isPending, stored.data, student, user?.userName, form, queryClient, valuesWith, stepOf]);

  // Another tab of this browser with the applicant's form open writes the same draft: this tab takes
  // up what it wrote, and drops its own save still waiting to go, so that a tab left behind neither
  // shows older values nor sends them over the newer ones. Not for walk-in entries: two tabs of the
  // office may be two applicants.
  useEffect(() => {
    if (!restored || offline) return;
    const takeUp = (event: StorageEvent) => {
      if (event.storageArea !== localStorage || event.key !== LOCAL_DRAFT_KEY) return;
      clearTimeout(serverDraftTimer.current);
      const draft = readLocalDraft(user?.userName);
      if (!draft || draft.applicationNo !== stored.data?.applicationNo) return;
      form.resetFields();
      form.setFieldsValue(valuesWith(draft));
      setStep(stepOf(draft));
    };
    window.addEventListener("storage", takeUp);
    return () => window.removeEventListener("storage", takeUp);
  }, [restored, offline, user?.userName, stored.data?.applicationNo, form, valuesWith, stepOf]);

  useEffect(() => {
    const errors = pendingErrors.current;
    if (errors.length === 0 || !stepDrawn) return;
    pendingErrors.current = [];
    form.setFields(errors.map((error) => ({ name: fieldNameOf(error.field), errors: asFieldErrors(messageInLanguage(error.message)) })));
    // An error about a field this screen does not show has nowhere to appear beside it, so it is said aloud.
    const unshown = errors.filter((error) => form.getFieldError(fieldNameOf(error.field)).length === 0);
    if (unshown.length > 0) void message.error([...new Set(unshown.map((error) => translateMessage(error.message)))].join(" "));
    const shown = errors.find((error) => !unshown.includes(error));
    if (shown) form.scrollToField(fieldNameOf(shown.field), { block: "center", focus: true });
  }, [errorsToShow, form, message, step, stepDrawn]);

  /**
   * Every change goes to the browser at once and to the server shortly after; a step change goes to
   * both at once. A walk-in entry too, as the staff member's own draft: a session that ends while
   * they type (the idle timeout) clears the browser's copy with everything else it kept of them.
   */
  const persist = useCallback(
    (nextStep: number, now = false) => {
      const draft = { savedAt: Date.now(), step: nextStep, values: form.getFieldsValue(true) as Record<string, unknown> };
      writeLocalDraft({ ...draft, applicationNo: stored.data?.applicationNo }, user?.userName);
      if (student) return;
      clearTimeout(serverDraftTimer.current);
      const send = () => void saveServerDraft(draft, user?.userName).catch(() => undefined);
      if (now) send();
      else serverDraftTimer.current = setTimeout(send, SERVER_DRAFT_DELAY_MS);
    },
    [form, student, user?.userName, stored.data?.applicationNo],
  );
  useEffect(() => () => clearTimeout(serverDraftTimer.current), []);

  /** SPEC.md's derived values: row max marks follow the HSC maximum; row 1's year and register number go to every row. */
  const onValuesChange = (changed: Record<string, unknown>) => {
    // From the form's store, not the values of the fields on screen: while the result is awaited the
    // marks table is hidden, its rows are kept but none is on screen, and rewriting them from what is
    // on screen emptied them for good.
    const rows = (form.getFieldValue("marksDetails") as Record<string, unknown>[] | undefined) ?? [];
    const examChange = changed.examDetails as { maxMarkInTweleve?: number } | undefined;
    if (examChange?.maxMarkInTweleve !== undefined) {
      form.setFieldValue("marksDetails", rows.map((row) => ({ ...row, maxMark: rowMaxMark(examChange.maxMarkInTweleve) })));
    }
    const firstRowChange = (changed.marksDetails as Record<string, unknown>[] | undefined)?.[0];
    if (firstRowChange && ("passingYear" in firstRowChange || "registerNo" in firstRowChange)) {
      const first = rows[0] ?? {};
      form.setFieldValue("marksDetails", rows.map((row, index) => (index === 0 ? row : { ...row, passingYear: first.passingYear, registerNo: first.registerNo })));
      // The copies' fields cannot be typed in: an error one showed before is checked again on the
      // copied value, or it would stay under a field the applicant cannot mend.
      const copies = rows.slice(1).flatMap((_row, index) => ["passingYear", "registerNo"].map((field) => ["marksDetails", index + 1, field]));
      const refused = copies.filter((name) => form.getFieldError(name).length > 0);
      if (refused.length > 0) void form.validateFields(refused).catch(() => undefined);
    }
    if ("gender" in changed && changed.gender !== "female") form.setFieldValue("hostelRequired", "no");
    setStartedTyping(true);
    persist(step);
  };

  const goTo = (next: number) => {
    setStep(next);
    persist(next, true);
    window.scrollTo({ top: 0 });
    // The step's title takes the focus, so the next Tab starts at the new step and a screen reader
    // says where the applicant is; it stayed on Next, at the foot of a step no longer there.
    stepTitle.current?.focus({ preventScroll: true });
  };

  /** Checks the fields on screen; on failure brings the first message into view (below the sticky bar). */
  const validateStep = async (): Promise<boolean> => {
    try {
      await form.validateFields();
      return true;
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: "center", focus: true });
      return false;
    }
  };

  const next = async () => {
    if (await validateStep()) goTo(step + 1);
  };

  const showErrors = (errors: FieldError[]) => {
    const firstStep = student ? MARKS_STEP : Math.min(...errors.map((error) => stepOfField(error.field)));
    pendingErrors.current = student ? errors : errors.filter((error) => stepOfField(error.field) === firstStep);
    setStep(firstStep);
    setErrorsToShow((count) => count + 1);
  };

  const finish = async () => {
    if (!(await validateStep())) return;
    const values = form.getFieldsValue(true) as AdmissionInput;
    // A PG application has no marks table; the blank rows the form keeps for UG are not the applicant's.
    const marksDetails = isUnderGraduate(values.course as string | undefined) ? values.marksDetails : [];
    const payload: AdmissionInput = { ...values, marksDetails, isOffline: offline, userName: offline ? values.userName : user?.userName };
    // The whole form's check, as the server makes it; if zod cannot be fetched, the server's answer says the same.
    const checked = await import("../lib/schemas").then(
      (schemas) => schemas.admissionSchema.safeParse(payload),
      () => null,
    );
    if (checked && !checked.success) {
      showErrors(checked.error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message })));
      return;
    }
    await send(payload);
  };

  const send = async (payload: AdmissionInput) => {
    // A draft sent once the save has gone would outlive it, and bring the form back next time.
    clearTimeout(serverDraftTimer.current);
    let answer;
    try {
      answer = await submit.mutateAsync(payload);
    } catch (error) {
      // The office is asked before a walk-in entry replaces an applicant's own unpaid application.
      if (offline && error instanceof ApiError && error.status === 409 && error.message === notices.walkInOverOwnApplication) {
        setReplacing(payload);
        return;
      }
      if (error instanceof ApiError && error.fieldErrors.length > 0) showErrors(error.fieldErrors);
      void message.error(errorText(error, t));
      return;
    }
    clearLocalDraft();
    void message.success(t("notices.saved"));
    if (!offline && !student && postToGateway(answer)) {
      setLeavingForGateway(true);
      return;
    }
    if (offline) {
      form.resetFields();
      form.setFieldsValue(blankAdmission(undefined));
      goTo(0);
    } else {
      void navigate(routes.transactionStatus);
    }
  };

  // The screen's frame and title come at once, the form when its data is in, so the applicant sees
  // where they are before the form's round trips (docs/PERFORMANCE.md, fourteenth round).
  if (!user || !readyToDraw) {
    return (
      <AdmissionFrame offline={offline}>
        <FullPageLoader />
      </AdmissionFrame>
    );
  }

  const application = stored.data;
  if (application && !student && !editableApplicationStatuses.includes(application.applicationStatus)) {
    return (
      <Outcome
        kind="success"
        title={t("admission.alreadySubmitted", { applicationNo: application.applicationNo })}
        action={
          <Link to={routes.transactionStatus}>
            <Button type="primary">{t("menu.transactionStatus")}</Button>
          </Link>
        }
      />
    );
  }
  // A student enters marks only into the application they were admitted by, while its result is awaited;
  // one the office imported has none to complete.
  if (student && (application?.examDetails as { tweleveStatus?: string } | undefined)?.tweleveStatus !== "APPEARED") {
    const title = application ? t("admission.marksAlreadyEntered") : t("admission.noApplicationToComplete");
    return <Outcome kind="info" title={title} action={<Link to={routes.feesDetail}>{t("nav.payFees")}</Link>} />;
  }

  const stepTitles = [t("admission.steps.student"), t("admission.steps.address"), t("admission.steps.marks"), offline ? t("admission.steps.confirm") : t("admission.steps.confirmPay")];
  const isLast = step === LAST_STEP || (student && step === MARKS_STEP);
  const finishLabel = (course: unknown) => {
    const fee = courses.data?.find((item) => item.name === course)?.applicationFee;
    return student ? t("admission.submit") : offline ? t("admission.confirm") : fee ? t("admission.confirmPayFee", { fee }) : t("admission.steps.confirmPay");
  };

  return (
    <AdmissionFrame offline={offline}>
      {!student &&
        (wide ? (
          <StepBar titles={stepTitles} current={step} />
        ) : (
          <div className="admission-steps--compact">
            <strong>{t("admission.stepOf", { step: step + 1, total: stepTitles.length, title: stepTitles[step] })}</strong>
            <StepMeter share={(step + 1) / stepTitles.length} />
          </div>
        ))}
      {!student && (
        <h2 className="admission-step-title" tabIndex={-1} ref={stepTitle}>
          {stepTitles[step]}
        </h2>
      )}
      {/* Back from the gateway without paying, or after a failed payment: the form is the way to pay.
          A paragraph of the app's own, not Ant Design's Alert: 2.4 KiB more of /admission's first
          download for a line most applicants never see. */}
      {application && !student && (
        <p className="admission-notice" role="status">
          {t("admission.feeNotPaid", { applicationNo: application.applicationNo, fee: application.applicationFee })}{" "}
          <Link to={routes.transactionStatus}>{t("menu.transactionStatus")}</Link>
        </p>
      )}
      <Form form={form} layout="vertical" onValuesChange={onValuesChange} requiredMark={false} name="admission">
        {step === 0 && (
          <StudentDetailsStep offline={offline} firstFieldsOnly={!stepDrawn} {...choices} />
        )}
        {!stepDrawn && step > 0 && <FullPageLoader />}
        {step === 1 && laterSteps && <laterSteps.AddressStep />}
        {step === MARKS_STEP && laterSteps && (
          <WithFormValues fields={["course", ["examDetails", "tweleveStatus"]]}>
            {([course, tweleveStatus]) => (
              <laterSteps.MarksStep course={course as string | undefined}>
                {student && (
                  <>
                    <laterSteps.DocumentField name="marksheetCertificateUrl" owner={user.userName} marksheetOptional={tweleveStatus === "APPEARED"} />
                    <laterSteps.DeclarationField />
                  </>
                )}
              </laterSteps.MarksStep>
            )}
          </WithFormValues>
        )}
        {step === LAST_STEP && laterSteps && (
          <WithFormValues fields={["userName", ["examDetails", "tweleveStatus"]]}>
            {([applicantEmail, tweleveStatus]) => (
              <laterSteps.UploadStep
                owner={offline ? (applicantEmail as string | undefined) : user.userName}
                uploadFor={offline ? (applicantEmail as string | undefined) : undefined}
                marksheetOptional={tweleveStatus === "APPEARED"}
              />
            )}
          </WithFormValues>
        )}
        {/* Not `hidden`: Ant Design's display rule for Space outranks the browser's for the attribute. */}
        {stepDrawn && (
          <Space className="admission-actions" wrap>
            {step > 0 && !student && <Button onClick={() => goTo(step - 1)}>{t("admission.previous")}</Button>}
            {isLast ? (
              <WithFormValues fields={["course"]}>
                {([course]) => (
                  <Button type="primary" onClick={() => void sending.run(finish)} loading={sending.busy || leavingForGateway}>
                    {finishLabel(course)}
                  </Button>
                )}
              </WithFormValues>
            ) : (
              <Button type="primary" onClick={() => void next()}>
                {t("admission.next")}
              </Button>
            )}
          </Space>
        )}
      </Form>
      {replacing && laterSteps && (
        <laterSteps.ReplaceOwnApplicationDialog
          email={String(replacing.userName)}
          onReplace={() => {
            setReplacing(undefined);
            void sending.run(() => send({ ...replacing, replaceOwnApplication: true }));
          }}
          onKeep={() => {
            setReplacing(undefined);
            showErrors([{ field: "userName", message: notices.walkInOverOwnApplication }]);
          }}
        />
      )}
    </AdmissionFrame>
  );
}

/**
 * The form's steps on a wide screen: numbered stops on a line, the done ones ticked and the current
 * one marked for screen readers too. The app's own list and rules rather than Ant Design's Steps,
 * which brought 8 KiB of script to /admission's first download and made 36 KB of styles in the
 * browser for a row of four titles (PERFORMANCE.md, twenty-fourth round).
 */
function StepBar({ titles, current }: { titles: string[]; current: number }) {
  return (
    <ol className="step-bar">
      {titles.map((title, index) => {
        const state = index < current ? "done" : index === current ? "current" : "next";
        return (
          <li key={title} className={`step-bar__step step-bar__step--${state}`} aria-current={state === "current" ? "step" : undefined}>
            <span className="step-bar__number" aria-hidden>
              {state === "done" ? "✓" : index + 1}
            </span>
            <span className="step-bar__title">{title}</span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * How far through the form the applicant is, on narrow screens where the steps do not fit: a bar
 * beside the "Step 2 of 4" text that says the same, so it is hidden from screen readers. Ant
 * Design's Progress would add about 6 KiB to the form's first download for one coloured bar.
 */
function StepMeter({ share }: { share: number }) {
  return (
    <div className="step-meter" aria-hidden>
      <div className="step-meter__done" style={{ inlineSize: `${share * 100}%` }} />
    </div>
  );
}
