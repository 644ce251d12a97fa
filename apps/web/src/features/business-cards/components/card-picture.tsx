// A card owner's picture through the gateway's file proxy, or their initials. Decorative: the name beside it says
// who it is.
import { Avatar } from '@mantine/core';
import type { BusinessCard } from '@showfloor/contracts';
import { profilePictureUrl } from '../../../lib/api/files.ts';

export function CardPicture({
  card,
  size,
}: {
  card: Pick<BusinessCard, 'firstname' | 'lastname' | 'profile_picture_path'>;
  size: number;
}) {
  return (
    <Avatar
      src={card.profile_picture_path ? profilePictureUrl(card.profile_picture_path) : null}
      size={size}
      radius={size}
      alt=""
      aria-hidden
      color="initials"
      name={`${card.firstname} ${card.lastname}`}
      styles={{ placeholder: { fontSize: size / 2.6 } }}
    />
  );
}
