// The conference widget inside the call window (spec 02 §4.4), through its iframe API: room name
// '{product}-{conversation id}', the JWT from the start message, video muted for audio calls, deep linking off,
// subject 'VSF Video Call'. It tells the window when the user joined and who joins and leaves, and when the user
// hung up inside the widget. A missing widget is logged only (spec 02 §8); the window says calls cannot connect.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CALL_SUBJECT,
  CALL_WIDGET_COMMANDS,
  CALL_WIDGET_EVENTS,
  callRoomName,
  callWidgetDomain,
  type CallWidget,
  type CallWidgetEventPayload,
} from '@showfloor/contracts';
import { loadCallWidget } from '../api/call-widget.ts';

/** What the widget says, as the window shows it. */
export type WidgetNews =
  | { type: 'joined' }
  | { type: 'participantJoined'; id: string; name: string }
  | { type: 'participantLeft'; id: string };

export interface ConferenceFrameProps {
  /** The configured widget; null: none (the gateway has no CALL_WIDGET_URL). */
  widget: CallWidget | null;
  conversationId: string;
  token: string;
  isAudioOnly: boolean;
  displayName: string;
  language: string;
  onNews(news: WidgetNews): void;
  /** The user hung up inside the widget. */
  onHangUp(): void;
}

export function ConferenceFrame({
  widget,
  conversationId,
  token,
  isAudioOnly,
  displayName,
  language,
  onNews,
  onHangUp,
}: ConferenceFrameProps) {
  const { t } = useTranslation('calls');
  const parent = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'failed'>('loading');
  const tellNews = useEffectEvent(onNews);
  const hangUp = useEffectEvent(onHangUp);
  const frameTitle = t('window.frameTitle');
  const scriptUrl = widget?.script_url;
  const url = widget?.url;

  useEffect(() => {
    const node = parent.current;
    if (!node || !scriptUrl || !url) {
      if (!scriptUrl) console.error('calls: no conference widget is configured');
      return undefined;
    }
    let isGone = false;
    let dispose: (() => void) | undefined;
    loadCallWidget(scriptUrl)
      .then((Widget) => {
        if (isGone) return;
        const { domain, noSSL } = callWidgetDomain(url);
        const api = new Widget(domain, {
          roomName: callRoomName(conversationId),
          jwt: token,
          parentNode: node,
          width: '100%',
          height: '100%',
          noSSL,
          lang: language,
          configOverwrite: {
            startWithVideoMuted: isAudioOnly,
            startAudioOnly: isAudioOnly,
            disableDeepLinking: true,
            prejoinPageEnabled: false,
            defaultLanguage: language,
          },
          userInfo: { displayName },
        });
        api.getIFrame().title = frameTitle;
        api.executeCommand(CALL_WIDGET_COMMANDS.SUBJECT, CALL_SUBJECT);
        const onJoined = () => tellNews({ type: 'joined' });
        const onJoin = (p: CallWidgetEventPayload) =>
          tellNews({ type: 'participantJoined', id: p.id ?? '', name: p.displayName ?? '' });
        const onLeave = (p: CallWidgetEventPayload) => tellNews({ type: 'participantLeft', id: p.id ?? '' });
        const onClose = () => hangUp();
        api.addListener(CALL_WIDGET_EVENTS.JOINED, onJoined);
        api.addListener(CALL_WIDGET_EVENTS.PARTICIPANT_JOINED, onJoin);
        api.addListener(CALL_WIDGET_EVENTS.PARTICIPANT_LEFT, onLeave);
        api.addListener(CALL_WIDGET_EVENTS.READY_TO_CLOSE, onClose);
        setPhase('ready');
        dispose = () => {
          api.removeListener(CALL_WIDGET_EVENTS.JOINED, onJoined);
          api.removeListener(CALL_WIDGET_EVENTS.PARTICIPANT_JOINED, onJoin);
          api.removeListener(CALL_WIDGET_EVENTS.PARTICIPANT_LEFT, onLeave);
          api.removeListener(CALL_WIDGET_EVENTS.READY_TO_CLOSE, onClose);
          api.dispose();
        };
      })
      .catch((error: unknown) => {
        console.error('calls: the conference widget could not be loaded', error);
        if (!isGone) setPhase('failed');
      });
    return () => {
      isGone = true;
      dispose?.();
    };
    // The frame is made once per call: a language change does not reconnect it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scriptUrl, url, conversationId, token, isAudioOnly, displayName]);

  const isMissing = !scriptUrl || phase === 'failed';
  return (
    <>
      <div ref={parent} className="call-widget-parent" style={{ width: '100%', height: '100%' }} />
      {isMissing || phase === 'loading' ? (
        <Center pos="absolute" inset={0}>
          {isMissing ? (
            <Text c="gray.2" role="alert" ta="center" px="md">
              {t('window.unavailable')}
            </Text>
          ) : (
            <Loader color="gray.2" aria-label={t('window.connecting')} />
          )}
        </Center>
      ) : null}
    </>
  );
}
