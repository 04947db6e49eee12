import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';

/** One row of a table as a phone shows it: its columns one under the other. */
export interface PhoneRow {
  key: string;
  /** The row's first line, in bold (what identifies it: a dose's day and time). */
  title: ReactNode;
  /** Lines under the title without a column name, in grey (a person's e-mail and profile ID). */
  subtitle?: readonly ReactNode[];
  /** A line under it without a column name (a status with its mark). */
  status?: ReactNode;
  /** The other columns under their names; an empty value is left out. */
  details: readonly (readonly [name: string, value: ReactNode])[];
  /** What the row offers (a button), under the rest. */
  action?: ReactNode;
}

/**
 * A table's rows on a phone, as a list: a table of four to six columns is two or three times a
 * phone's width, and what it holds at its right (a dose's status, a press) was out of sight behind a
 * sideways scroll. Each row is an entry: its title, its status, then each column's name and value.
 */
export function PhoneRows({ label, rows }: { label: string; rows: readonly PhoneRow[] }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => {
        const details = row.details.filter(
          ([, value]) => value !== '' && value !== null && value !== undefined,
        );
        return (
          <Box
            component="li"
            key={row.key}
            sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', display: 'grid', rowGap: 0.5 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {row.title}
            </Typography>
            {row.subtitle?.map((line, i) => (
              <Typography
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed in number and order
                key={i}
                variant="body2"
                color="text.secondary"
                sx={{ mt: -0.5, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {line}
              </Typography>
            ))}
            {row.status ? (
              <Typography
                component="div"
                variant="body2"
                sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
              >
                {row.status}
              </Typography>
            ) : null}
            {details.length > 0 ? (
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}
              >
                {details.map(([name, value]) => (
                  <Fragment key={name}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {name}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }}>
                      {value}
                    </Typography>
                  </Fragment>
                ))}
              </Box>
            ) : null}
            {row.action ? <Box sx={{ justifySelf: 'start' }}>{row.action}</Box> : null}
          </Box>
        );
      })}
    </Box>
  );
}
