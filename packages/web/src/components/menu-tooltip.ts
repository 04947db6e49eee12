/**
 * MUI's Tooltip for the side menu's labels (components/overflow-tooltip.tsx), which imports it lazily:
 * with its Popper about 10 KB gzip that a signed-in page's first load does without (the build puts
 * it with the shell's other parts loaded when first used; issue 23 item 12).
 */
export { default } from '@mui/material/Tooltip';
