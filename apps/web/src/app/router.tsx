import { createBrowserRouter, type RouteObject } from "react-router";
import { NotFoundPage, ServerErrorPage } from "../components/ErrorPages";
import { FullPageLoader } from "../components/FullPageLoader";
import { DeciderScreen } from "../features/auth/routes/DeciderScreen";
import { ForgotPasswordPage } from "../features/auth/routes/ForgotPasswordPage";
import { ResetPasswordPage } from "../features/auth/routes/ResetPasswordPage";
import { SignInPage } from "../features/auth/routes/SignInPage";
import { SignUpPage } from "../features/auth/routes/SignUpPage";
import { routes } from "../lib/paths";
import { RedirectSignedIn, RequireAuth, RequireStaff, RootRedirect } from "./guards";
import { PublicLayout } from "./layouts/PublicLayout";

/** The staff area is loaded on demand: applicants on phones never download it. */
const adminLayout = async () => ({ Component: (await import("./layouts/AdminLayout")).AdminLayout });
const applicantLayout = async () => ({ Component: (await import("./layouts/ApplicantLayout")).ApplicantLayout });
const admissionPage = async () => ({ Component: (await import("../features/admission/routes/AdmissionPage")).AdmissionPage });
const applicationsPage = async () => ({ Component: (await import("../features/applications/routes/ApplicationsPage")).ApplicationsPage });
/** Its own chunk, with the charting library, so no other screen downloads it. */
const dashboardPage = async () => ({ Component: (await import("../features/reports/routes/DashboardPage")).DashboardPage });
const activityLogPage = async () => ({ Component: (await import("../features/activity/routes/ActivityLogPage")).ActivityLogPage });
const reviewPage = async () => ({ Component: (await import("../features/review/routes/ReviewPage")).ReviewPage });
const coursesPage = async () => ({ Component: (await import("../features/masters/routes/CoursesPage")).CoursesPage });
const degreesPage = async () => ({ Component: (await import("../features/masters/routes/DegreesPage")).DegreesPage });
const transactionStatusPage = async () => ({ Component: (await import("../features/admission/routes/TransactionStatusPage")).TransactionStatusPage });
const usersPage = async () => ({ Component: (await import("../features/users/routes/UsersPage")).UsersPage });
const studentImportPage = async () => ({ Component: (await import("../features/student-import/routes/StudentImportPage")).StudentImportPage });
const academicTransferPage = async () => ({ Component: (await import("../features/academic/routes/AcademicTransferPage")).AcademicTransferPage });
const studentsPage = async () => ({ Component: (await import("../features/students/routes/StudentsPage")).StudentsPage });
const studentPage = async () => ({ Component: (await import("../features/students/routes/StudentPage")).StudentPage });
const feesHistoryPage = async () => ({ Component: (await import("../features/fees/routes/FeesHistoryPage")).FeesHistoryPage });
const payFeesPage = async () => ({ Component: (await import("../features/fees/routes/PayFeesPage")).PayFeesPage });
/** Staff only, and drawn with Ant Design's Card, which the public screens leave out of their download. */
const customerPlaceholder = async () => {
  const { PlaceholderPage } = await import("../components/PlaceholderPage");
  return { element: <PlaceholderPage titleKey="menu.customer" /> };
};
const feesTransactionsPage = async () => ({ Component: (await import("../features/fees/routes/FeesTransactionsPage")).FeesTransactionsPage });

/** SPEC.md section 2: every screen and who may open it. */
export const routeTree: RouteObject[] = [
  {
    errorElement: <ServerErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
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
        element: <RequireAuth />,
        children: [
          { path: "/deciderScreen", element: <DeciderScreen /> },
          {
            lazy: applicantLayout,
            children: [
              { path: "/admission", lazy: admissionPage },
              { path: "/transactionStatus", lazy: transactionStatusPage },
              { path: "/feesHistory", lazy: feesHistoryPage },
              { path: "/feesDetail", lazy: payFeesPage },
            ],
          },
          {
            element: <RequireStaff />,
            children: [
              {
                lazy: adminLayout,
                children: [
                  { path: "/admin", lazy: applicationsPage },
                  { path: "/admin/:id", lazy: reviewPage },
                  { path: "/admin-admission", lazy: admissionPage },
                  { path: "/master/grade", lazy: degreesPage },
                  { path: "/master/department", lazy: coursesPage },
                  { path: "/feesStatus", lazy: feesTransactionsPage },
                  /** SPEC.md's fee screens with the user parameter are staff's, so they keep the staff menu. */
                  { path: "/feesHistory/:user", lazy: feesHistoryPage },
                  { path: "/feesDetail/:user", lazy: payFeesPage },
                  /** SPEC.md's Fee Entry button: the offline Pay Fees screen for that student. */
                  { path: "/students/feesStatus/:user", lazy: payFeesPage },
                  { path: "/students/list", lazy: studentsPage },
                  { path: "/students/:id", lazy: studentPage },
                  { path: "/academicTransfer", lazy: academicTransferPage },
                  { path: "/activityLog", lazy: activityLogPage },
                  { path: "/studentImport", lazy: studentImportPage },
                  { path: "/user", lazy: usersPage },
                  { path: "/report", lazy: dashboardPage },
                  { path: "/customer", lazy: customerPlaceholder },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routeTree);
}
