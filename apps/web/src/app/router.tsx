import { isStaffRole, type SessionUser } from "@admissions/shared";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from "react";
import { useTranslation, type UseTranslationOptions } from "react-i18next";
import { ErrorBoundary } from "react-error-boundary";
import { matchRoutes, Navigate, Outlet, useLocation, useRoutes, type Params, type RouteObject } from "react-router";
import { NotFoundPage, ServerErrorPage } from "../components/ErrorPages";
import { FullPageLoader } from "../components/FullPageLoader";
import { DeciderScreen } from "../features/auth/routes/DeciderScreen";
import { ForgotPasswordPage } from "../features/auth/routes/ForgotPasswordPage";
import { ResetPasswordPage } from "../features/auth/routes/ResetPasswordPage";
import { SignInPage } from "../features/auth/routes/SignInPage";
import { SignUpPage } from "../features/auth/routes/SignUpPage";
import { useKnownSession } from "../features/auth/api/session";
import { AdmissionFrame } from "../features/admission/components/AdmissionFrame";
import { readAdmissionFormAhead } from "../features/admission/api/form-reads";
import { loadSignedInTexts, loadStaffTexts } from "../lib/i18n";
import { CHANGE_PASSWORD_MODE, routes } from "../lib/paths";
import { oneTaskEach } from "../lib/tasks";
import { RedirectSignedIn, RequireAuth, RequireStaff, RootRedirect } from "./guards";
import { ApplicantFrame } from "./layouts/ApplicantFrame";
import { PublicLayout } from "./layouts/PublicLayout";
import { useSignOutOnUnauthorized, useStartAgainWhenAccountChanges } from "./session-expiry";

/** An on-demand element's code: started by its first drawing or ahead of it (AskAhead). */
interface Download {
  start: () => Promise<ComponentType>;
  finished: boolean;
}

const downloads = new Map<ReactNode, Download>();

/**
 * A screen in a chunk of its own, downloaded the first time it is opened or asked for ahead. As
 * React.lazy does, it keeps a failed download's error: the screen shows the server-error page until
 * the page is loaded again, and nothing is downloaded twice.
 */
function onDemand(load: () => Promise<ComponentType>) {
  let started: Promise<ComponentType> | undefined;
  const download: Download = {
    start: () =>
      (started ??= load().then((screen) => {
        download.finished = true;
        return screen;
      })),
    finished: false,
  };
  const Screen = lazy(async () => ({ default: await download.start() }));
  const element = <Screen />;
  downloads.set(element, download);
  return element;
}

/** What a route's screen is called (the window's title, DocumentTitle), and what it reads as it first draws, asked for ahead as well (AskAhead). */
interface ScreenHandle {
  /** The catalogue key of the screen's name, or a choice of one by the route's parameters. */
  title: string | ((params: Params) => string);
  readsAhead?: (queryClient: QueryClient, user: SessionUser) => void;
}

const titled = (title: ScreenHandle["title"]): ScreenHandle => ({ title });

/** /admission reads the applicant's own application too; /admin-admission, staff entering a walk-in applicant, does not. */
const applicantFormHandle: ScreenHandle = { title: "admission.onlineTitle", readsAhead: (queryClient, user) => readAdmissionFormAhead(queryClient, user.userName) };
const walkInFormHandle: ScreenHandle = { title: "admission.offlineTitle", readsAhead: (queryClient) => readAdmissionFormAhead(queryClient, null) };

/** A layout of the signed-in screens, which comes with their texts (lib/i18n.ts). */
function signedInLayout(load: () => Promise<ComponentType>, loadTexts: () => Promise<void>) {
  return onDemand(async () => (await Promise.all([load(), loadTexts()]))[0]);
}

/** The staff area's guard, which AskAhead looks for in a route. */
const staffArea = <RequireStaff />;
/** The staff area is loaded on demand: applicants on phones never download it. */
const adminLayout = signedInLayout(async () => (await import("./layouts/AdminLayout")).AdminLayout, loadStaffTexts);
const applicantLayout = signedInLayout(async () => (await import("./layouts/ApplicantLayout")).ApplicantLayout, loadSignedInTexts);
const admissionPage = onDemand(async () => (await import("../features/admission/routes/AdmissionPage")).AdmissionPage);
const applicationsPage = onDemand(async () => (await import("../features/applications/routes/ApplicationsPage")).ApplicationsPage);
/** Its own chunk, with the charting library, so no other screen downloads it. */
const dashboardPage = onDemand(async () => (await import("../features/reports/routes/DashboardPage")).DashboardPage);
const activityLogPage = onDemand(async () => (await import("../features/activity/routes/ActivityLogPage")).ActivityLogPage);
const reviewPage = onDemand(async () => (await import("../features/review/routes/ReviewPage")).ReviewPage);
const coursesPage = onDemand(async () => (await import("../features/masters/routes/CoursesPage")).CoursesPage);
const degreesPage = onDemand(async () => (await import("../features/masters/routes/DegreesPage")).DegreesPage);
const transactionStatusPage = onDemand(async () => (await import("../features/admission/routes/TransactionStatusPage")).TransactionStatusPage);
const usersPage = onDemand(async () => (await import("../features/users/routes/UsersPage")).UsersPage);
const studentImportPage = onDemand(async () => (await import("../features/student-import/routes/StudentImportPage")).StudentImportPage);
const academicTransferPage = onDemand(async () => (await import("../features/academic/routes/AcademicTransferPage")).AcademicTransferPage);
const studentsPage = onDemand(async () => (await import("../features/students/routes/StudentsPage")).StudentsPage);
const studentPage = onDemand(async () => (await import("../features/students/routes/StudentPage")).StudentPage);
const feesHistoryPage = onDemand(async () => (await import("../features/fees/routes/FeesHistoryPage")).FeesHistoryPage);
const payFeesPage = onDemand(async () => (await import("../features/fees/routes/PayFeesPage")).PayFeesPage);
/** Staff only, a stand-in until the screen is built. */
const customerPlaceholder = onDemand(async () => {
  const { PlaceholderPage } = await import("../components/PlaceholderPage");
  return () => <PlaceholderPage titleKey="menu.customer" />;
});
const feesTransactionsPage = onDemand(async () => (await import("../features/fees/routes/FeesTransactionsPage")).FeesTransactionsPage);

/** SPEC.md section 2: every screen and who may open it. */
const routeTree: RouteObject[] = [
  {
    element: <ScreenFrame />,
    children: [
      { path: "/", element: <RootRedirect /> },
      {
        element: <PublicLayout />,
        children: [
          { element: <RedirectSignedIn to={routes.decider} />, children: [{ path: "/signin", element: <SignInPage />, handle: titled("signin.title") }] },
          { element: <RedirectSignedIn to={routes.root} />, children: [{ path: "/signup", element: <SignUpPage />, handle: titled("signup.title") }] },
          { path: "/forgotpassword", element: <ForgotPasswordPage />, handle: titled("forgot.titleForgot") },
          { path: "/changepassword/:id?", element: <ForgotPasswordPage />, handle: titled(({ id }) => (id === CHANGE_PASSWORD_MODE ? "forgot.titleChange" : "forgot.titleForgot")) },
          { path: "/resetpassword/:id?", element: <ResetPasswordPage />, handle: titled("reset.title") },
          { path: "*", element: <NotFoundPage />, handle: titled("notices.pageNotFound") },
        ],
      },
      {
        element: <RequireAuth placeholder={<ScreenPlaceholder />} />,
        children: [
          { path: "/deciderScreen", element: <DeciderScreen /> },
          {
            element: applicantLayout,
            children: [
              { path: "/admission", element: admissionPage, handle: applicantFormHandle },
              { path: "/transactionStatus", element: transactionStatusPage, handle: titled("payment.title") },
              { path: "/feesHistory", element: feesHistoryPage, handle: titled("nav.feesHistory") },
              { path: "/feesDetail", element: payFeesPage, handle: titled("nav.payFees") },
            ],
          },
          {
            element: staffArea,
            children: [
              // SPEC.md names master and students among the staff area's routes: each opens its first screen.
              { path: "/master", element: <Navigate to={routes.degreeMaster} replace /> },
              { path: "/students", element: <Navigate to={routes.students} replace /> },
              {
                element: adminLayout,
                children: [
                  { path: "/admin", element: applicationsPage, handle: titled("menu.applications") },
                  { path: "/admin/:id", element: reviewPage, handle: titled("review.title") },
                  { path: "/admin-admission", element: admissionPage, handle: walkInFormHandle },
                  { path: "/master/grade", element: degreesPage, handle: titled("menu.degree") },
                  { path: "/master/department", element: coursesPage, handle: titled("menu.course") },
                  { path: "/feesStatus", element: feesTransactionsPage, handle: titled("menu.feesTransaction") },
                  /** SPEC.md's fee screens with the user parameter are staff's, so they keep the staff menu. */
                  { path: "/feesHistory/:user", element: feesHistoryPage, handle: titled("nav.feesHistory") },
                  { path: "/feesDetail/:user", element: payFeesPage, handle: titled("fees.feeEntry") },
                  /** SPEC.md's Fee Entry button: the offline Pay Fees screen for that student. */
                  { path: "/students/feesStatus/:user", element: payFeesPage, handle: titled("fees.feeEntry") },
                  { path: "/students/list", element: studentsPage, handle: titled("menu.students") },
                  { path: "/students/:id", element: studentPage, handle: titled("students.title") },
                  { path: "/academicTransfer", element: academicTransferPage, handle: titled("menu.academicProcess") },
                  { path: "/activityLog", element: activityLogPage, handle: titled("menu.activityLog") },
                  { path: "/studentImport", element: studentImportPage, handle: titled("menu.studentImport") },
                  { path: "/user", element: usersPage, handle: titled("menu.user") },
                  { path: "/report", element: dashboardPage, handle: titled("menu.report") },
                  { path: "/customer", element: customerPlaceholder, handle: titled("menu.customer") },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * What every screen is drawn in: a screen that fails shows the server-error page until the visitor
 * goes elsewhere, and while a screen's chunk downloads on the first visit the loader shows (later
 * navigations are transitions, which keep the current screen until the next one is ready).
 */
function ScreenFrame() {
  const location = useLocation();
  return (
    <ErrorBoundary fallback={<ServerErrorPage />} resetKeys={[location.pathname]}>
      <Suspense fallback={<ScreenPlaceholder />}>
        <Outlet />
        <DocumentTitle />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * Drawn again when a catalogue's part is added, not only when the language changes: a screen opened
 * first may be drawn before the signed-in screens' texts have come. react-i18next takes the option
 * (its `bindI18nStore`), though its types leave it out.
 */
const redrawnWhenTextsArrive = { bindI18nStore: "added" } as UseTranslationOptions<undefined>;

/**
 * The window's title names the screen, in the chosen language, before the app's name (WCAG 2.4.2:
 * tabs, the history and a screen reader's announcement of the page tell the screens apart).
 */
function DocumentTitle() {
  const { t } = useTranslation(undefined, redrawnWhenTextsArrive);
  const location = useLocation();
  const match = (matchRoutes(routeTree, location) ?? []).findLast(({ route }) => (route.handle as ScreenHandle | undefined)?.title);
  const title = (match?.route.handle as ScreenHandle | undefined)?.title;
  const key = typeof title === "function" ? title(match!.params) : title;
  const name = t("app.name");
  const windowTitle = key ? `${t(key)} · ${name}` : name;
  useEffect(() => {
    document.title = windowTitle;
  }, [windowTitle]);
  return null;
}

/**
 * What shows while the session or a screen's code is on its way. An applicant's screen draws its top
 * bar at once, and the admission form its title: on a first visit the title, the screen's largest
 * text, would otherwise wait for the session, the layout's chunk and the form's chunk, one after the
 * other (docs/PERFORMANCE.md, seventeenth round).
 */
function ScreenPlaceholder() {
  const shown = (matchRoutes(routeTree, useLocation()) ?? []).map((match) => match.route.element);
  if (!shown.includes(applicantLayout)) return <FullPageLoader />;
  return (
    <ApplicantFrame>
      {shown.includes(admissionPage) ? (
        <AdmissionFrame offline={false}>
          <FullPageLoader />
        </AdmissionFrame>
      ) : (
        <FullPageLoader />
      )}
    </ApplicantFrame>
  );
}

/**
 * Once the session is known, the screen being opened is asked for whole: its first reads, its layout's
 * chunk and its own at once. Otherwise each waited for the one before: the layout's code, then the
 * screen's (which the layout draws), then the screen's reads as it mounted (docs/PERFORMANCE.md,
 * thirty-third round). Nothing of the staff area is fetched for anyone else.
 *
 * It asks as it renders the new location, not in an effect: following a link is a transition, which
 * React commits, and so runs effects, only once the screen's code is here.
 */
function AskAhead() {
  const { pathname } = useLocation();
  const user = useKnownSession();
  const queryClient = useQueryClient();
  if (user) askAhead(queryClient, user, pathname);
  return null;
}

/** The user and location each app last asked ahead for: a render of the same asks nothing more. */
const lastAskedAhead = new WeakMap<QueryClient, string>();

function askAhead(queryClient: QueryClient, user: SessionUser, pathname: string) {
  const asking = `${user.userName} ${pathname}`;
  if (lastAskedAhead.get(queryClient) === asking) return;
  lastAskedAhead.set(queryClient, asking);
  const matches = matchRoutes(routeTree, pathname) ?? [];
  if (!isStaffRole(user.roleName) && matches.some(({ route }) => route.element === staffArea)) return;
  const unfinished = matches.flatMap(({ route }) => downloads.get(route.element) ?? []).filter((download) => !download.finished);
  // Once the screen's code is here, it draws at once and asks for its reads itself.
  if (unfinished.length === 0) return;
  // Each in a task of its own, so that neither the render's task nor any other grows long: appending
  // a chunk's preload links costs the main thread about a millisecond a file here, several on a phone,
  // and the screen's chunk brings twenty files or more (docs/PERFORMANCE.md, thirty-fourth round). The
  // reads go first, small as they are, then the layout's code, then the screen's.
  oneTaskEach([
    () => {
      for (const { route } of matches) (route.handle as ScreenHandle | undefined)?.readsAhead?.(queryClient, user);
    },
    // A failed download is the screen's to show when it draws (ScreenFrame's error boundary).
    ...unfinished.map((download) => () => void download.start().catch(() => undefined)),
  ]);
}

/** The screens, inside a BrowserRouter (the app) or a MemoryRouter (tests). */
export function AppRoutes() {
  useSignOutOnUnauthorized();
  useStartAgainWhenAccountChanges();
  return (
    <>
      {useRoutes(routeTree)}
      <AskAhead />
    </>
  );
}
