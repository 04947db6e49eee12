import { ErrorMessage } from '../components/error-message';

/** 404: an unknown route (spec section 2). */
export function NotFoundPage() {
  return <ErrorMessage kind="notFound" />;
}
