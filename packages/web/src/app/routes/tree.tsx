import { useEffect } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { Loading } from '../../components/loading';
import { paths } from '../../config/paths';
import { loadAllTextsOnFirstUse } from '../../i18n';
import { type Language, localize } from '../../lib/locale';
import { queryClient } from '../../lib/query-client';
import { useWebfontAfterFirstPaint } from '../../lib/webfont';
import { requireAuthLoader } from '../guards/auth-redirect';
import { localeLoader, reloadForTexts } from '../locale-loader';
import { RouteError } from '../route-error';
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { page } from './lazy-page';
import { patientRoutes } from './patient';
import { publicRoutes } from './public';

/**
 * The routes' root: the page; once its first screen has painted and its reads are in, the webfont
 * (lib/webfont.ts); at the first tap, the texts its first screen did not need (i18n/index.ts).
 */
function LocaleRoot() {
  useWebfontAfterFirstPaint(() => queryClient.isFetching() > 0);
  useEffect(loadAllTextsOnFirstUse, []);
  return <Outlet />;
}

/**
 * One language's routes (spec section 2): the same tree without prefix, under /de and under /fr.
 * Each area keeps its routes in routes/; the patient's and the admin's pages share one private
 * layout, so moving between them keeps it mounted.
 */
export function localeRoutes(locale: Language): RouteObject {
  return {
    id: `locale-${locale}`,
    path: localize(paths.home, locale),
    loader: localeLoader(locale),
    Component: LocaleRoot,
    shouldRevalidate: reloadForTexts,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Loading fullPage />,
    children: [
      ...authRoutes(),
      {
        loader: requireAuthLoader,
        lazy: page(
          () => import('../layouts/default-layout'),
          (m) => m.DefaultLayout,
        ),
        children: [...patientRoutes(), ...adminRoutes()],
      },
      ...publicRoutes(),
    ],
  };
}
