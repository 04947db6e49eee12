import Tooltip from '@mui/material/Tooltip';
import { cloneElement, type FocusEvent, type MouseEvent, type ReactElement, useState } from 'react';

type Child = ReactElement<{
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
}>;

/** Whether any text inside the element is cut off by an ellipsis. */
function isCut(element: HTMLElement): boolean {
  return [element, ...Array.from(element.querySelectorAll<HTMLElement>('*'))].some(
    (el) => getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1,
  );
}

/**
 * Shows `title` in a tooltip only while the element's text is cut off (noWrap, an ellipsis), on
 * hover and on keyboard focus; a label that fits gets none.
 */
export function OverflowTooltip({
  title,
  children,
  placement = 'right',
}: {
  title: string;
  children: Child;
  placement?: 'right' | 'bottom' | 'top';
}) {
  const [cut, setCut] = useState(false);
  // Measured as the pointer or the focus arrives, before the tooltip decides to open.
  const child = cloneElement(children, {
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      setCut(isCut(event.currentTarget));
      children.props.onMouseEnter?.(event);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      setCut(isCut(event.currentTarget));
      children.props.onFocus?.(event);
    },
  });
  return (
    <Tooltip title={cut ? title : ''} placement={placement}>
      {child}
    </Tooltip>
  );
}
