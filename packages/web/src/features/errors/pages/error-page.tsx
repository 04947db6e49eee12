import { ErrorMessage } from '../components/error-message';

/** Any other error (spec section 2). */
export function GenericErrorPage() {
  return <ErrorMessage kind="generic" />;
}
