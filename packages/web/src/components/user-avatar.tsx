import Avatar from '@mui/material/Avatar';

/**
 * The picture every user has until a profile image is set, drawn in the page (no request of its
 * own on every signed-in page's cold start, issue 23 item 12).
 */
function DefaultPicture({ alt }: { alt: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      width="100%"
      height="100%"
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      data-default-avatar=""
    >
      <rect width="64" height="64" fill="#cfd8dc" />
      <circle cx="32" cy="25" r="12" fill="#78909c" />
      <path d="M10 60c2-13 11-20 22-20s20 7 22 20z" fill="#78909c" />
    </svg>
  );
}

/** The user's profile image, or the default picture. `alt` is empty where the name stands beside it. */
export function UserAvatar({
  image,
  alt,
  size,
}: {
  image: string | null | undefined;
  alt: string;
  size: number;
}) {
  return image ? (
    <Avatar src={image} alt={alt} sx={{ width: size, height: size }} />
  ) : (
    <Avatar sx={{ width: size, height: size }}>
      <DefaultPicture alt={alt} />
    </Avatar>
  );
}
