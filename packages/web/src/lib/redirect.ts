import { HOME_AFTER_LOGIN } from '../config/paths';
import { stripLocale } from './locale';

/**
 * The page to open after login: the `redirect` parameter when it is a path of this app (never
 * another site), without its language prefix; else the dashboard.
 */
export function safeRedirect(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return HOME_AFTER_LOGIN;
  }
  const url = new URL(value, 'http://app.invalid');
  if (url.origin !== 'http://app.invalid') return HOME_AFTER_LOGIN;
  const { path } = stripLocale(url.pathname);
  if (path === '/' || path.startsWith('/auth/')) return HOME_AFTER_LOGIN;
  return `${path}${url.search}${url.hash}`;
}
