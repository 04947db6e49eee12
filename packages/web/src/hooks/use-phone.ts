import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/** Whether the screen is a phone's (below MUI's `sm` breakpoint). */
export function usePhone(): boolean {
  return useMediaQuery(useTheme().breakpoints.down('sm'));
}
