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
        return <path d="M4.5,0.5H7.5V4.5H11.5V7.5H7.5V11.5H4.5V7.5H0.5V4.5H4.5Z" fill={fill} />;
      case 'manual':
        return (
          <polygon
            points="6,0.5 7.6,4.3 11.7,4.6 8.6,7.3 9.5,11.3 6,9.2 2.5,11.3 3.4,7.3 0.3,4.6 4.4,4.3"
            fill={fill}
          />
        );
      case 'not_tracked':
        return <rect x="0.5" y="4.5" width="11" height="3" fill={fill} />;
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
