import { createBrowserRouter, type RouteObject } from "react-router";
import { NotFoundPage, ServerErrorPage } from "../components/ErrorPages";
import { FullPageLoader } from "../components/FullPageLoader";
import { PlaceholderPage } from "../components/PlaceholderPage";
import { DeciderScreen } from "../features/auth/routes/DeciderScreen";
import { ForgotPasswordPage } from "../features/auth/routes/ForgotPasswordPage";
import { ResetPasswordPage } from "../features/auth/routes/ResetPasswordPage";
import { SignInPage } from "../features/auth/routes/SignInPage";
import { SignUpPage } from "../features/auth/routes/SignUpPage";
import { routes } from "../lib/paths";
import { RedirectSignedIn, RequireAuth, RequireStaff, RootRedirect } from "./guards";
import { PublicLayout } from "./layouts/PublicLayout";

const placeholder = (titleKey: string) => ({ element: <PlaceholderPage titleKey={titleKey} /> });

/** The staff area is loaded on demand: applicants on phones never download it. */
const adminLayout = async () => ({ Component: (await import("./layouts/AdminLayout")).AdminLayout });
const applicantLayout = async () => ({ Component: (await import("./layouts/ApplicantLayout")).ApplicantLayout });
const admissionPage = async () => ({ Component: (await import("../features/admission/routes/AdmissionPage")).AdmissionPage });
const applicationsPage = async () => ({ Component: (await import("../features/applications/routes/ApplicationsPage")).ApplicationsPage });
const transactionStatusPage = async () => ({ Component: (await import("../features/admission/routes/TransactionStatusPage")).TransactionStatusPage });

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
              { path: "/feesHistory/:user?", ...placeholder("nav.feesHistory") },
              { path: "/feesDetail/:user?", ...placeholder("nav.payFees") },
            ],
          },
          {
            element: <RequireStaff />,
            children: [
              {
                lazy: adminLayout,
                children: [
                  { path: "/admin", lazy: applicationsPage },
                  { path: "/admin/:id", ...placeholder("menu.applications") },
                  { path: "/admin-admission", lazy: admissionPage },
                  { path: "/master/grade", ...placeholder("menu.degree") },
                  { path: "/master/department", ...placeholder("menu.course") },
                  { path: "/feesStatus", ...placeholder("menu.feesTransaction") },
                  { path: "/students/*", ...placeholder("menu.students") },
                  { path: "/academicTransfer", ...placeholder("menu.academicProcess") },
                  { path: "/activityLog", ...placeholder("menu.activityLog") },
                  { path: "/studentImport", ...placeholder("menu.studentImport") },
                  { path: "/user", ...placeholder("menu.user") },
                  { path: "/report", ...placeholder("menu.report") },
                  { path: "/customer", ...placeholder("menu.customer") },
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
