import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading } from '../components/loading';
import { paths } from '../config/paths';
import { NotFoundPage } from '../features/errors/pages/not-found-page';
import { LANGUAGES, type Language } from '../lib/locale';
import { requireAuthLoader } from './guards/auth-redirect';
import { GuestOnly } from './guards/guest-only';
import { HomeRedirect, SignInRedirect } from './guards/home-redirect';
import { RequirePolicy } from './guards/require-policy';
import { SimpleLayout } from './layouts/simple-layout';
import { localeLoader } from './locale-loader';
import { RouteError } from './route-error';

/** A lazily loaded page or layout: every route is its own chunk. */
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const rel = (path: string) => path.replace(/^\//, '');

/** One language's routes (spec section 2): the same tree without prefix, under /de and under /fr. */
function localeRoutes(locale: Language): RouteObject {
  return {
    id: `locale-${locale}`,
    path: locale === 'en' ? '/' : `/${locale}`,
    loader: localeLoader(locale),
    shouldRevalidate: () => false,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Loading fullPage />,
    children: [
      { index: true, element: <HomeRedirect /> },
      // Login, logout and callback go to sign-in (spec section 2).
      { path: rel(paths.callback), element: <SignInRedirect /> },
      {
        loader: requireAuthLoader,
        lazy: page(
          () => import('./layouts/default-layout'),
          (m) => m.DefaultLayout,
        ),
        children: [
          ...[paths.dashboard, paths.dashboardIndex2, paths.dashboardMonthly, paths.dashboardWeekly].map(
            (path) => ({
              path: rel(path),
              lazy: page(
                () => import('../features/dashboard/pages/dashboard-page'),
                (m) => m.DashboardPage,
              ),
            }),
          ),
          {
            path: rel(paths.cumulativeChart),
            lazy: page(
              () => import('../features/charts/pages/cumulative-chart-page'),
              (m) => m.CumulativeChartPage,
            ),
          },
          ...[paths.myMedicine, paths.myMedicineType1, paths.myMedicineType2].map((path) => ({
            path: rel(path),
            lazy: page(
              () => import('../features/medicines/pages/my-medicine-page'),
              (m) => m.MyMedicinePage,
            ),
          })),
          ...['my-medicine/edit', 'my-medicine/:id/edit'].map((path) => ({
            path,
            lazy: page(
              () => import('../features/medicines/pages/edit-medicine-page'),
              (m) => m.EditMedicinePage,
            ),
          })),
          {
            path: rel(paths.profile),
            lazy: page(
              () => import('../features/profiles/pages/profile-page'),
              (m) => m.ProfilePage,
            ),
          },
          {
            element: <RequirePolicy policy="admin" />,
            children: [
              ...[paths.devices, paths.devicesIndex2].map((path) => ({
                path: rel(path),
                lazy: page(
                  () => import('../features/devices/pages/devices-page'),
                  (m) => m.DevicesPage,
                ),
              })),
              ...[paths.patientList, paths.patientListBak, paths.patientListImpersonate].map((path) => ({
                path: rel(path),
                lazy: page(
                  () => import('../features/patients/pages/patient-list-page'),
                  (m) => m.PatientListPage,
                ),
              })),
            ],
          },
          {
            element: <RequirePolicy policy="healthData" />,
            children: [
              {
                path: rel(paths.myHealthData),
                lazy: page(
                  () => import('../features/health-data/pages/health-data-page'),
                  (m) => m.HealthDataPage,
                ),
              },
            ],
          },
        ],
      },
      {
        lazy: page(
          () => import('./layouts/auth-layout'),
          (m) => m.AuthLayout,
        ),
        children: [
          {
            element: <GuestOnly />,
            children: [
              {
                path: rel(paths.signIn),
                lazy: page(
                  () => import('../features/auth/pages/signin-page'),
                  (m) => m.SignInPage,
                ),
              },
              {
                path: rel(paths.signUp),
                lazy: page(
                  () => import('../features/auth/pages/signup-page'),
                  (m) => m.SignUpPage,
                ),
              },
            ],
          },
          {
            path: rel(paths.success),
            lazy: page(
              () => import('../features/auth/pages/success-page'),
              (m) => m.SuccessPage,
            ),
          },
          {
            path: rel(paths.forgotPassword),
            lazy: page(
              () => import('../features/auth/pages/forgot-password-page'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: rel(paths.resetPassword),
            lazy: page(
              () => import('../features/auth/pages/reset-password-page'),
              (m) => m.ResetPasswordPage,
            ),
          },
        ],
      },
      {
        lazy: page(
          () => import('./layouts/privacy-layout'),
          (m) => m.PrivacyLayout,
        ),
        children: [
          {
            path: rel(paths.privacy),
            lazy: page(
              () => import('../features/legal/pages/legal-pages'),
              (m) => m.PrivacyPage,
            ),
          },
          {
            path: rel(paths.terms),
            lazy: page(
              () => import('../features/legal/pages/legal-pages'),
              (m) => m.TermsPage,
            ),
          },
          {
            path: rel(paths.faq),
            lazy: page(
              () => import('../features/legal/pages/legal-pages'),
              (m) => m.FaqPage,
            ),
          },
          {
            path: rel(paths.contact),
            lazy: page(
              () => import('../features/legal/pages/legal-pages'),
              (m) => m.ContactPage,
            ),
          },
        ],
      },
      {
        Component: SimpleLayout,
        children: [
          {
            path: rel(paths.error401),
            lazy: page(
              () => import('../features/errors/pages/unauthorized-page'),
              (m) => m.UnauthorizedPage,
            ),
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  };
}

export const router = createBrowserRouter(LANGUAGES.map(localeRoutes));
