import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

/** Error pages: the message alone, centred. */
export function SimpleLayout({ children }: { children?: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}
    >
      {children ?? <Outlet />}
    </Box>
  );
}
