import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../hooks/use-opened-once';
import type { ConfirmDialogProps } from './confirm-dialog-view';

// MUI's dialog (the modal, focus trap, transitions: about 12 KB compressed) loads when a question is
// first asked, not with every page that may ask one (My Medicine's delete buttons; issue 23 item 12).
const ConfirmDialogView = lazy(() => import('./confirm-dialog-view'));

/**
 * A yes/no question before something that cannot be undone (logout, delete, unbind). Nothing is
 * rendered until it first opens; then it stays, so that closing animates.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  );
}
