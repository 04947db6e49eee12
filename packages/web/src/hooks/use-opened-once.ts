import { useState } from 'react';

/**
 * Whether something lazily loaded (a dialog) has been open at least once: it mounts when first
 * opened, not with the page, and then stays mounted, so that closing animates and its chunk is not
 * asked for again.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
