import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { type DotKind, dotColor, isHollow } from '../lib/dots';

/** The shape and colour of a dot kind, as the dot chart draws it (decorative: a text goes beside it). */
export function DotMark({ kind, size = 12 }: { kind: DotKind; size?: number }) {
  const theme = useTheme();
  const color = dotColor(theme, kind);
  const fill = isHollow(kind) ? 'none' : color;
  const shape = (() => {
    switch (kind) {
      case 'about_1h':
        return <polygon points="6,1 11,11 1,11" fill={fill} stroke={color} strokeWidth="1.5" />;
      case 'over_2h':
        return <polygon points="6,0.5 11.5,6 6,11.5 0.5,6" fill={fill} stroke={color} strokeWidth="1.5" />;
      case 'unmatched':
        return <rect x="1.5" y="1.5" width="9" height="9" fill={fill} stroke={color} strokeWidth="1.5" />;
      case 'by_hand':
        return (
          <path
            d="M4.75,0.75H7.25V4.75H11.25V7.25H7.25V11.25H4.75V7.25H0.75V4.75H4.75Z"
            fill={fill}
            stroke={color}
            strokeWidth="0.5"
          />
        );
      case 'manual':
        return (
          <polygon
            points="6,0.5 7.6,4.3 11.7,4.6 8.6,7.3 9.5,11.3 6,9.2 2.5,11.3 3.4,7.3 0.3,4.6 4.4,4.3"
            fill={fill}
            stroke={color}
            strokeWidth="0.5"
            strokeLinejoin="round"
          />
        );
      case 'not_tracked':
        return (
          <rect x="0.75" y="4.75" width="10.5" height="2.5" fill={fill} stroke={color} strokeWidth="0.5" />
        );
      default:
        return (
          <circle
            cx="6"
            cy="6"
            r="4.75"
            fill={fill}
            stroke={color}
            strokeWidth="1.5"
            strokeDasharray={kind === 'pending' ? '2 1.5' : undefined}
          />
        );
    }
  })();
  return (
    <Box
      component="svg"
      viewBox="0 0 12 12"
      aria-hidden="true"
      sx={{ width: size, height: size, flex: 'none' }}
    >
      {shape}
    </Box>
  );
}
