import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { GuestOnly } from '../guards/guest-only';
import { SignInRedirect } from '../guards/home-redirect';
import { page, rel } from './lazy-page';

/** Sign-in, sign-up and the password pages in the auth layout; the callback goes to sign-in. */
export const authRoutes = (): RouteObject[] => [
  // Login, logout and callback go to sign-in (spec section 2).
  { path: rel(paths.callback), element: <SignInRedirect /> },
  {
    lazy: page(
      () => import('../layouts/auth-layout'),
      (m) => m.AuthLayout,
    ),
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            path: rel(paths.signIn),
            lazy: page(
              () => import('../../features/auth/pages/signin-page'),
              (m) => m.SignInPage,
            ),
          },
          {
            path: rel(paths.signUp),
            lazy: page(
              () => import('../../features/auth/pages/signup-page'),
              (m) => m.SignUpPage,
            ),
          },
        ],
      },
      {
        path: rel(paths.success),
        lazy: page(
          () => import('../../features/auth/pages/success-page'),
          (m) => m.SuccessPage,
        ),
      },
      {
        path: rel(paths.forgotPassword),
        lazy: page(
          () => import('../../features/auth/pages/forgot-password-page'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: rel(paths.resetPassword),
        lazy: page(
          () => import('../../features/auth/pages/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        // The e-mailed confirmation link: signed in or not.
        path: rel(paths.emailConfirmation),
        lazy: page(
          () => import('../../features/auth/pages/email-confirmation-page'),
          (m) => m.EmailConfirmationPage,
        ),
      },
      {
        // The "this was not me" link of a two-step sign-in notice: signed in or not.
        path: rel(paths.notMe),
        lazy: page(
          () => import('../../features/security/pages/not-me-page'),
          (m) => m.NotMePage,
        ),
      },
    ],
  },
];
