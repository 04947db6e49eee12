import { createElement, useSyncExternalStore } from 'react';

/** Spec section 9: toasts top-right, 2000 ms, draggable. The container in app/provider.tsx uses these. */
export const TOAST_OPTIONS = { position: 'top-right', autoClose: 2000, draggable: true } as const;

/*
 * react-toastify (some 9 KB gzip) loads with the first toast, not with every first page: most
 * visits to the sign-in page never show one. A toast shown before its container has mounted waits
 * in react-toastify's own queue and appears when the container subscribes.
 */
const library = () => import('react-toastify');
let wanted = false;
const listeners = new Set<() => void>();

/** The toast's text, and under it (when given) a second, smaller line saying why. */
const content = (message: string, detail?: string) =>
  detail
    ? createElement(
        'div',
        null,
        createElement('div', null, message),
        createElement(
          'div',
          { 'data-toast-detail': '', style: { fontSize: '0.875em', marginTop: 4 } },
          detail,
        ),
      )
    : message;

function show(kind: 'success' | 'error' | 'info', message: string, detail?: string) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void library().then(({ toast }) => toast[kind](content(message, detail), TOAST_OPTIONS));
}

/** The one toast helper every feature uses; messages are already translated. */
export const notify = {
  success: (message: string) => show('success', message),
  /** An error; `detail` (the server's reason in words) goes on a line under the message. */
  error: (message: string, detail?: string) => show('error', message, detail),
  info: (message: string) => show('info', message),
};

/** True once a toast was asked for: the app then mounts the (lazily loaded) container. */
export const useToastsWanted = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );

/** The container component, loaded with the library. */
export const loadToastContainer = () => library().then((m) => ({ default: m.ToastContainer }));
