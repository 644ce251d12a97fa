// The toolbar under the message input, by chat kind (spec 02 §2.5): individual: audio call, video call, request
// business card (report user instead when calls are on); group: add persons, participants (with their count);
// room: participants; recruiting: audio call, video call, notification; bot: none. The call buttons exist only
// when the event has calls on: with calls off an individual chat offers the business card alone and a recruiting
// chat the notification alone (a button that can never work is noise, and a screen reader reads it out). A
// button whose handler is absent stays visible but disabled, saying so. Exported through index.ts so the calls,
// business-cards and recruiting features pass their handlers.
import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChatKind } from '../utils/conversation.ts';

export type ToolbarAction =
  'audioCall' | 'videoCall' | 'requestCard' | 'reportUser' | 'addPersons' | 'participants' | 'notification';

/** The buttons of each kind, in order. */
export function toolbarActions(kind: ChatKind, options: { isCallsOn: boolean }): ToolbarAction[] {
  const calls: ToolbarAction[] = options.isCallsOn ? ['audioCall', 'videoCall'] : [];
  switch (kind) {
    case 'individual':
      return [...calls, options.isCallsOn ? 'reportUser' : 'requestCard'];
    case 'group':
      return ['addPersons', 'participants'];
    case 'room':
      return ['participants'];
    case 'recruiting':
      return [...calls, 'notification'];
    case 'bot':
      return [];
  }
}

export interface ChatToolbarProps {
  kind: ChatKind;
  isCallsOn: boolean;
  /** Handlers by action; an action without one is shown disabled ('not available yet'). */
  handlers: Partial<Record<ToolbarAction, () => void>>;
  /** The number of participants (the participants button shows it). */
  participantCount?: number;
  /** Buttons a feature adds after the spec's (e.g. a call's state): the toolbar stays open to them. */
  extra?: ReactNode;
}

export function ChatToolbar({ kind, isCallsOn, handlers, participantCount, extra }: ChatToolbarProps) {
  const { t } = useTranslation('chat');
  const actions = toolbarActions(kind, { isCallsOn });
  if (actions.length === 0 && !extra) return null;
  return (
    <Group gap="xs" role="toolbar" aria-label={t('toolbar.label')} wrap="wrap">
      {actions.map((action) => {
        const onClick = handlers[action];
        const label =
          action === 'participants' && participantCount !== undefined
            ? t('toolbar.participantsCount', { count: participantCount })
            : t(`toolbar.${action}`);
        return (
          <Button
            key={action}
            size="compact-sm"
            variant="light"
            onClick={onClick}
            // A button whose feature is not in the app yet is named by what it will do and says why it is off; it
            // stays in the Tab order (aria-disabled, not disabled), so keyboard and screen-reader users find it too.
            data-disabled={onClick ? undefined : true}
            aria-disabled={onClick ? undefined : true}
            aria-label={onClick ? undefined : t('toolbar.notYet', { action: label })}
            title={onClick ? undefined : t('notYet')}
            data-action={action}
          >
            {label}
          </Button>
        );
      })}
      {extra}
    </Group>
  );
}
