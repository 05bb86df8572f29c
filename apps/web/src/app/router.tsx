import { lazy, Suspense, type ComponentType } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from "react-router";
import { NotFoundPage, ServerErrorPage } from "../components/ErrorPages";
import { FullPageLoader } from "../components/FullPageLoader";
import { DeciderScreen } from "../features/auth/routes/DeciderScreen";
import { ForgotPasswordPage } from "../features/auth/routes/ForgotPasswordPage";
import { ResetPasswordPage } from "../features/auth/routes/ResetPasswordPage";
import { SignInPage } from "../features/auth/routes/SignInPage";
import { SignUpPage } from "../features/auth/routes/SignUpPage";
import { AdmissionFrame } from "../features/admission/components/AdmissionFrame";
import { loadSignedInTexts } from "../lib/i18n";
import { routes } from "../lib/paths";
import { RedirectSignedIn, RequireAuth, RequireStaff, RootRedirect } from "./guards";
import { ApplicantFrame } from "./layouts/ApplicantFrame";
import { PublicLayout } from "./layouts/PublicLayout";
import { useSignOutOnUnauthorized } from "./session-expiry";

/** A screen in a chunk of its own, downloaded the first time it is opened. */
function onDemand(load: () => Promise<ComponentType>) {
  const Screen = lazy(async () => ({ default: await load() }));
  return <Screen />;
}

/** A layout of the signed-in screens, which comes with their texts (lib/i18n.ts). */
function signedInLayout(load: () => Promise<ComponentType>) {
  return onDemand(async () => (await Promise.all([load(), loadSignedInTexts()]))[0]);
}

/** The staff area is loaded on demand: applicants on phones never download it. */
const adminLayout = signedInLayout(async () => (await import("./layouts/AdminLayout")).AdminLayout);
const applicantLayout = signedInLayout(async () => (await import("./layouts/ApplicantLayout")).ApplicantLayout);
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
          { element: <RedirectSignedIn to={routes.decider} />, children: [{ path: "/signin", element: <SignInPage /> }] },
          { element: <RedirectSignedIn to={routes.root} />, children: [{ path: "/signup", element: <SignUpPage /> }] },
          { path: "/forgotpassword", element: <ForgotPasswordPage /> },
          { path: "/changepassword/:id?", element: <ForgotPasswordPage /> },
          { path: "/resetpassword/:id?", element: <ResetPasswordPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      {
        element: <RequireAuth placeholder={<ScreenPlaceholder />} />,
        children: [
          { path: "/deciderScreen", element: <DeciderScreen /> },
          {
            element: applicantLayout,
            children: [
              { path: "/admission", element: admissionPage },
              { path: "/transactionStatus", element: transactionStatusPage },
              { path: "/feesHistory", element: feesHistoryPage },
              { path: "/feesDetail", element: payFeesPage },
            ],
          },
          {
            element: <RequireStaff />,
            children: [
              {
                element: adminLayout,
                children: [
                  { path: "/admin", element: applicationsPage },
                  { path: "/admin/:id", element: reviewPage },
                  { path: "/admin-admission", element: admissionPage },
                  { path: "/master/grade", element: degreesPage },
                  { path: "/master/department", element: coursesPage },
                  { path: "/feesStatus", element: feesTransactionsPage },
                  /** SPEC.md's fee screens with the user parameter are staff's, so they keep the staff menu. */
                  { path: "/feesHistory/:user", element: feesHistoryPage },
                  { path: "/feesDetail/:user", element: payFeesPage },
                  /** SPEC.md's Fee Entry button: the offline Pay Fees screen for that student. */
                  { path: "/students/feesStatus/:user", element: payFeesPage },
                  { path: "/students/list", element: studentsPage },
                  { path: "/students/:id", element: studentPage },
                  { path: "/academicTransfer", element: academicTransferPage },
                  { path: "/activityLog", element: activityLogPage },
                  { path: "/studentImport", element: studentImportPage },
                  { path: "/user", element: usersPage },
                  { path: "/report", element: dashboardPage },
                  { path: "/customer", element: customerPlaceholder },
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
      </Suspense>
    </ErrorBoundary>
  );
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

/** The screens, inside a BrowserRouter (the app) or a MemoryRouter (tests). */
export function AppRoutes() {
  useSignOutOnUnauthorized();
  return useRoutes(routeTree);
}
