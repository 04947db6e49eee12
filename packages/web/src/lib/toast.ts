import { toast } from 'react-toastify';

/** Spec section 9: toasts top-right, 2000 ms, draggable. The container in app/provider.tsx uses these. */
export const TOAST_OPTIONS = { position: 'top-right', autoClose: 2000, draggable: true } as const;

/** The one toast helper every feature uses; messages are already translated. */
export const notify = {
  success: (message: string) => toast.success(message, TOAST_OPTIONS),
  error: (message: string) => toast.error(message, TOAST_OPTIONS),
  info: (message: string) => toast.info(message, TOAST_OPTIONS),
};
