import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { GenericErrorPage } from '../features/errors/pages/error-page';
import { NotFoundPage } from '../features/errors/pages/not-found-page';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload';
import { SimpleLayout } from './layouts/simple-layout';

/** The error boundary of every route: 404 or the generic error page; a failed chunk reloads. */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  useEffect(() => {
    if (chunkFailed) reloadAfterChunkError();
    else console.error(error);
  }, [chunkFailed, error]);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <SimpleLayout>{notFound ? <NotFoundPage /> : <GenericErrorPage />}</SimpleLayout>;
}
