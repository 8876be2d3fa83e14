import { page, type AppRoute } from '../../lib/routing.ts';

/** Exported for the router: a visitor at a guarded path is sent here, so its code is preloaded. */
export const LoginPage = page(() => import('./LoginPage.tsx'));
const RegisterPage = page(() => import('./RegisterPage.tsx'));
const ResetPage = page(() => import('./ResetPage.tsx'));
const GoogleCallbackPage = page(() => import('./GoogleCallbackPage.tsx'));
const SignInMethodsPage = page(() => import('./SignInMethodsPage.tsx'));
// Changing the password is auth's, though it sits under /profile: it shares the new-password
// fields with register and reset, so the account screens need nothing from this feature.
const ChangePasswordPage = page(() => import('./ChangePasswordPage.tsx'));

export const authRoutes: AppRoute[] = [
  {
    path: '/profile/sign-ins',
    element: <SignInMethodsPage />,
    guarded: true,
    page: SignInMethodsPage,
  },
  {
    path: '/profile/password',
    element: <ChangePasswordPage />,
    guarded: true,
    page: ChangePasswordPage,
  },
  { path: '/pass/register', element: <RegisterPage />, page: RegisterPage },
  { path: '/pass/login', element: <LoginPage />, page: LoginPage },
  { path: '/pass/reset', element: <ResetPage />, page: ResetPage },
  { path: '/api/loginCallback/google', element: <GoogleCallbackPage />, page: GoogleCallbackPage },
];
