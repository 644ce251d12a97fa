// The calls of the signed-in tab (spec 02 §4.4), mounted once by the shell: the incoming-call dialog and the call
// window with the conference widget. The chat's call buttons reach it through lib/calls/call-requests.ts.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@showfloor/contracts';
import { useCallWidgetConfig } from '../api/call-widget.ts';
import { useCallCenter } from '../hooks/use-call-center.ts';
import type { ActiveCall } from '../utils/call-machine.ts';
import { CallWindow } from './call-window.tsx';
import { ConferenceFrame, type WidgetNews } from './conference-frame.tsx';
import { IncomingCallDialog } from './incoming-call-dialog.tsx';

/** Who else is in the call, by the widget's participant id. */
type Present = ReadonlyMap<string, string>;

function ActiveCallWindow({ call, user, onClose }: { call: ActiveCall; user: CurrentUser; onClose(): void }) {
  const { t, i18n } = useTranslation('calls');
  const widget = useCallWidgetConfig();
  const [isJoined, setJoined] = useState(false);
  const [present, setPresent] = useState<Present>(new Map());
  const onNews = (news: WidgetNews) => {
    if (news.type === 'joined') setJoined(true);
    else if (news.type === 'participantJoined')
      setPresent((current) => new Map(current).set(news.id, news.name));
    else
      setPresent((current) => {
        const next = new Map(current);
        next.delete(news.id);
        return next;
      });
  };
  const names = [...present.values()].filter(Boolean);
  const status = !isJoined
    ? t('window.connecting')
    : names.length === 0
      ? t('window.waiting')
      : t('window.with', { names: names.join(', ') });
  const title = t(call.isAudioOnly ? 'window.titleAudio' : 'window.titleVideo', {
    name: call.title || t('incoming.someone'),
  });
  return (
    <CallWindow title={title} status={status} onClose={onClose}>
      {widget.isPending ? null : (
        <ConferenceFrame
          widget={widget.data ?? null}
          conversationId={call.conversationId}
          token={call.token}
          isAudioOnly={call.isAudioOnly}
          displayName={`${user.firstname} ${user.lastname}`.trim()}
          language={i18n.language === 'de' ? 'de' : 'en'}
          onNews={onNews}
          onHangUp={onClose}
        />
      )}
    </CallWindow>
  );
}

export function CallCenter({ user }: { user: CurrentUser }) {
  const center = useCallCenter(user);
  const { active, incoming } = center.state;
  return (
    <>
      {active ? (
        <ActiveCallWindow
          key={`${active.conversationId}:${active.token}`}
          call={active}
          user={user}
          onClose={center.close}
        />
      ) : null}
      <IncomingCallDialog
        offer={incoming[0] ?? null}
        isInCall={active !== null}
        onAnswer={center.answer}
        onDecline={center.decline}
      />
    </>
  );
}
