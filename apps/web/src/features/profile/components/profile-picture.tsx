// A user's picture (spec 02 §2.9: 80 x 80 on the profile home), fetched through the gateway's file proxy, with
// the initials when there is none. Decorative: the name beside it says who it is.
import { Avatar, useMantineTheme } from '@mantine/core';
import { SIZES } from '@showfloor/contracts';
import { profilePictureUrl } from '../../../lib/api/files.ts';

export interface ProfilePictureProps {
  firstname: string;
  lastname: string;
  /** The stored picture's path, or null. */
  picture: string | null | undefined;
  /** @default SIZES.PROFILE_PICTURE (80) */
  size?: number;
}

export function ProfilePicture({
  firstname,
  lastname,
  picture,
  size = SIZES.PROFILE_PICTURE,
}: ProfilePictureProps) {
  const theme = useMantineTheme();
  const initials = `${firstname.charAt(0)}${lastname.charAt(0)}`.toUpperCase();
  return (
    <Avatar
      src={picture ? profilePictureUrl(picture) : null}
      size={size}
      radius={size}
      alt=""
      aria-hidden
      color={theme.primaryColor}
      variant="filled"
      data-picture={picture ?? ''}
      styles={{ placeholder: { fontSize: size / 2.6 } }}
    >
      {initials || null}
    </Avatar>
  );
}
