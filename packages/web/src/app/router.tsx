import { createBrowserRouter } from 'react-router';
import { LANGUAGES } from '../lib/locale';
import { localeRoutes } from './routes/tree';

export const router = createBrowserRouter(LANGUAGES.map(localeRoutes));
