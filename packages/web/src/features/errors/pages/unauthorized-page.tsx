import { ErrorMessage } from '../components/error-message';

/** Where the role guard sends a signed-in user without the right (/error/401). */
export function UnauthorizedPage() {
  return <ErrorMessage kind="unauthorized" />;
}
