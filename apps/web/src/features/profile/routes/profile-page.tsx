// Profile settings (spec 02 §2.3, §2.9, §2.10, §4.1, §4.8): the home and its sub-pages, chosen by an active-page
// value in the router state (lib/shell/sub-page.ts), so the URL stays /profile/settings and the browser's Back
// leaves a sub-page. The drawer's header names the sub-page; its Back returns home, its close leaves the drawer.
import { useState } from 'react';
import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEventPreferences } from '../../../hooks/use-event-preferences.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import { signOut } from '../../../lib/session/sign-out.ts';
import { useDrawerSubPage } from '../../../lib/shell/sub-page.ts';
import { useOwnProfile } from '../api/use-own-profile.ts';
import { Appearance } from '../components/appearance.tsx';
import { ChangePassword } from '../components/change-password.tsx';
import { ChangeStatus } from '../components/change-status.tsx';
import { DeleteAccount } from '../components/delete-account.tsx';
import { ExportChats } from '../components/export-chats.tsx';
import { ProfileHome } from '../components/profile-home.tsx';
import { ProfileInformation } from '../components/profile-information.tsx';
import { AccountDeleted, PasswordChanged } from '../components/success-pages.tsx';
import { TagEditor } from '../components/tag-editor.tsx';
import { isProfileSubPage, profileSubPage, type ProfileSubPage } from '../sub-pages.ts';

const leave = () => void signOut();

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const user = useCurrentUser();
  const { subPage, open, back } = useDrawerSubPage();
  const profile = useOwnProfile(user?.id ?? 0);
  const { preferences } = useEventPreferences(user?.event_code);
  // Once the account is deleted, only its success page shows (spec 02 §4.8 "hides home content").
  const [isDeleted, setDeleted] = useState(false);
  // The sub-page last shown, whose row takes the focus back on the home.
  const active: ProfileSubPage | undefined = isProfileSubPage(subPage?.name) ? subPage.name : undefined;
  const [shown, setShown] = useState(active);
  const [returnedFrom, setReturnedFrom] = useState<ProfileSubPage | undefined>(undefined);
  if (active !== shown) {
    setShown(active);
    setReturnedFrom(active === undefined ? shown : undefined);
  }

  if (!user) return null;
  if (isDeleted) return <AccountDeleted signOut={leave} />;
  if (profile.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (profile.isError) {
    return (
      <Alert color="red" title={t('loadFailed')}>
        {serverErrorText(t, parseAppError(profile.error))}
      </Alert>
    );
  }
  const data = profile.data;
  const go = (page: ProfileSubPage) => open(profileSubPage(page));

  switch (active) {
    case 'status':
      return <ChangeStatus />;
    case 'appearance':
      return <Appearance profile={data} preferences={preferences} />;
    case 'information':
      return <ProfileInformation profile={data} />;
    case 'skills':
      return <TagEditor key="skill" profile={data} type="skill" />;
    case 'interests':
      return <TagEditor key="interest" profile={data} type="interest" />;
    case 'password':
      return (
        <ChangePassword
          username={user.username}
          onChanged={() => open(profileSubPage('passwordChanged'), { replace: true })}
        />
      );
    case 'passwordChanged':
      return <PasswordChanged onDone={back} />;
    case 'export':
      return <ExportChats userId={user.id} />;
    case 'delete':
      return (
        <DeleteAccount
          userId={user.id}
          onDeleted={() => {
            setDeleted(true);
            open(profileSubPage('accountDeleted'), { replace: true });
          }}
        />
      );
    case 'accountDeleted':
      // Reached again (Back, a reload) after the account is gone: the sign-out follows.
      return <AccountDeleted signOut={leave} />;
    default:
      return (
        <Stack>
          <ProfileHome profile={data} onOpen={go} returnedFrom={returnedFrom} />
        </Stack>
      );
  }
}
