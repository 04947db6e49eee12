import type { NavigateFunction } from 'react-router';

/**
 * A "back" button: back to the previous page of this app (an earlier page of this visit, or the
 * page whose link led here); to `fallback` when the page was opened directly or from elsewhere.
 */
export function goBack(navigate: NavigateFunction, fallback: string): void {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  let fromHere = false;
  try {
    fromHere = !!document.referrer && new URL(document.referrer).origin === window.location.origin;
  } catch {
    fromHere = false;
  }
  if (idx > 0 || (fromHere && window.history.length > 1)) void navigate(-1);
  else void navigate(fallback);
}
