// The profile home (spec 02 §2.9): the 80 x 80 picture, the full name, the status dot and the eight rows that
// open the sub-pages. Returning from a sub-page puts the focus back on its row.
import { useEffect, useRef } from 'react';
import { Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@showfloor/contracts';
import { StatusDot } from '../../../components/status-dot.tsx';
import { useOwnStatus } from '../../../lib/presence/user-status.ts';
import { PROFILE_HOME_ROWS, type ProfileSubPage } from '../sub-pages.ts';
import { ProfilePicture } from './profile-picture.tsx';

function Chevron() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export interface ProfileHomeProps {
  profile: Pick<UserProfile, 'firstname' | 'lastname' | 'job_title' | 'company' | 'profile_picture' | 'tags'>;
  onOpen: (page: ProfileSubPage) => void;
  /** The sub-page the user came back from: its row takes the focus. */
  returnedFrom?: ProfileSubPage | undefined;
}

export function ProfileHome({ profile, onOpen, returnedFrom }: ProfileHomeProps) {
  const { t } = useTranslation('profile');
  const status = useOwnStatus();
  const rows = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!returnedFrom) return;
    rows.current?.querySelector<HTMLElement>(`[data-row="${returnedFrom}"]`)?.focus();
  }, [returnedFrom]);
  const work = [profile.job_title, profile.company].filter(Boolean).join(' · ');
  const count = (type: 'skill' | 'interest') => profile.tags.filter((tag) => tag.type === type).length;
  const hints: Partial<Record<ProfileSubPage, string>> = {
    skills: String(count('skill')),
    interests: String(count('interest')),
  };
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="center">
        <div style={{ position: 'relative', flex: 'none' }}>
          <ProfilePicture
            firstname={profile.firstname}
            lastname={profile.lastname}
            picture={profile.profile_picture}
          />
          <div style={{ position: 'absolute', right: 0, bottom: 2 }}>
            <StatusDot status={status} size={22} decorative />
          </div>
        </div>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
            {profile.firstname} {profile.lastname}
          </Title>
          <Group gap={6} wrap="nowrap">
            <StatusDot status={status} size={12} decorative />
            <Text size="sm" c="dimmed">
              {t(`common:status.${status}`)}
            </Text>
          </Group>
          {work ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {work}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <nav aria-label={t('home.rowsLabel')}>
        <Stack gap={2} ref={rows}>
          {PROFILE_HOME_ROWS.map((page) => (
            <NavLink
              key={page}
              component="button"
              type="button"
              data-row={page}
              label={t(`pages.${page}.title`)}
              description={page === 'delete' ? undefined : t(`pages.${page}.summary`)}
              c={page === 'delete' ? 'red.8' : undefined}
              onClick={() => onOpen(page)}
              rightSection={
                <Group gap={6} wrap="nowrap" c="dimmed">
                  {hints[page] ? (
                    <Text size="sm" c="dimmed">
                      {hints[page]}
                    </Text>
                  ) : null}
                  <Chevron />
                </Group>
              }
              styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
            />
          ))}
        </Stack>
      </nav>
    </Stack>
  );
}
