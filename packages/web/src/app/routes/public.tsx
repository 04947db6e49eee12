import type { RouteObject } from 'react-router';
import { paths, routePatterns } from '../../config/paths';
import { NotFoundPage } from '../../features/errors/pages/not-found-page';
import { HomeRedirect } from '../guards/home-redirect';
import { SimpleLayout } from '../layouts/simple-layout';
import { page, rel } from './lazy-page';

const legal = () => import('../../features/legal/pages/legal-pages');

/** Open to everyone: the start page, the legal pages and the error pages. */
export const publicRoutes = (): RouteObject[] => [
  { index: true, element: <HomeRedirect /> },
  {
    lazy: page(
      () => import('../layouts/privacy-layout'),
      (m) => m.PrivacyLayout,
    ),
    children: [
      { path: rel(paths.privacy), lazy: page(legal, (m) => m.PrivacyPage) },
      { path: rel(paths.terms), lazy: page(legal, (m) => m.TermsPage) },
      { path: rel(paths.faq), lazy: page(legal, (m) => m.FaqPage) },
      { path: rel(paths.contact), lazy: page(legal, (m) => m.ContactPage) },
    ],
  },
  {
    Component: SimpleLayout,
    children: [
      {
        path: rel(paths.error401),
        lazy: page(
          () => import('../../features/errors/pages/unauthorized-page'),
          (m) => m.UnauthorizedPage,
        ),
      },
      { path: routePatterns.notFound, Component: NotFoundPage },
    ],
  },
];
