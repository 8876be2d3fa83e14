import type { SignInOptions } from '../../../contract/sign-in.ts';
import { startGoogleSignIn } from './google-sign-in.ts';
import type { useFormError } from './use-form-error.ts';

/**
 * Sends the person to Google and back to `redirect`: signing in, or, with a session, linking the
 * Google account to it. A failure to start shows in `form`.
 */
export function GoogleButton({
  google,
  redirect,
  form,
  label,
}: {
  google: NonNullable<SignInOptions['google']>;
  redirect: string;
  form: ReturnType<typeof useFormError>;
  label: string;
}) {
  return (
    <button
      type="button"
      className="btn btn-block"
      onClick={() => void form.submit(() => startGoogleSignIn(google, redirect))}
      disabled={form.busy}
    >
      {label}
    </button>
  );
}
