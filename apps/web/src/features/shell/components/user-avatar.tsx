import { Avatar, useMantineTheme } from '@mantine/core';
import type { CurrentUser } from '@showfloor/contracts';
import { profilePictureUrl } from '../../../lib/api/files.ts';

export function UserAvatar({ user, size = 32 }: { user: CurrentUser; size?: number }) {
  const theme = useMantineTheme();
  const initials = `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase() || undefined;
  return (
    <Avatar
      src={user.profile_picture ? profilePictureUrl(user.profile_picture) : null}
      size={size}
      radius="xl"
      alt=""
      aria-hidden
      color={theme.primaryColor}
    >
      {initials}
    </Avatar>
  );
}
