import Avatar from '@mui/material/Avatar';

/** The picture every user has until a profile image is set. */
export const DEFAULT_AVATAR = '/default-avatar.svg';

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
  return <Avatar src={image ?? DEFAULT_AVATAR} alt={alt} sx={{ width: size, height: size }} />;
}
