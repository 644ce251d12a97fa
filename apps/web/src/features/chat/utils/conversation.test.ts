import { describe, expect, it } from 'vitest';
import type { Conversation } from '@showfloor/contracts';
import {
  chatKindOf,
  conversationMatches,
  conversationName,
  lastMessageKind,
  previewText,
} from './conversation.ts';

const ada = {
  id: 1,
  firstname: 'Ada',
  lastname: 'Lovelace',
  company: 'Analytical Engines',
  job_title: 'Mathematician',
};
const grace = {
  id: 2,
  firstname: 'Grace',
  lastname: 'Hopper',
  company: 'Navy Computing Lab',
  job_title: 'Rear Admiral',
};
const linus = {
  id: 3,
  firstname: 'Linus',
  lastname: 'Torvalds',
  company: 'Kernel Booth',
  job_title: 'Exhibitor',
};

const conversation = (fields: Partial<Conversation>): Conversation => ({
  id: 'conv-1',
  participants: [ada, grace],
  isGroupConversation: false,
  isRoomConversation: false,
  isTemporary: false,
  isUnread: false,
  bot: null,
  roomId: null,
  roomName: null,
  lastMessage: null,
  messages: [],
  page_state: null,
  ...fields,
});

describe('conversation helpers', () => {
  it('cuts a preview at 100 characters plus an ellipsis, and leaves a short one whole', () => {
    expect(previewText('x'.repeat(100))).toBe('x'.repeat(100));
    expect(previewText('x'.repeat(101))).toBe(`${'x'.repeat(100)}…`);
    expect(previewText(`${'é'.repeat(99)}😀😀`)).toBe(`${'é'.repeat(99)}😀…`);
    expect(previewText('two\nlines   here ')).toBe('two lines here');
  });

  it('shows a link in a preview by its label, cutting what a reader sees; a refused link stays as written', () => {
    expect(previewText('See [our booth | showfloor.example/booth] today')).toBe('See our booth today');
    expect(previewText('[a | https://a.example] and [b|http://b.example/x?y=1]')).toBe('a and b');
    expect(previewText('[click | javascript:alert(1)]')).toBe('[click | javascript:alert(1)]');
    const label = 'L'.repeat(99);
    expect(previewText(`[${label} | ${'x'.repeat(80)}.example] tail`)).toBe(`${label} …`);
  });

  it('tells the kinds apart: room by id, bot, group by flag or size, else individual', () => {
    expect(chatKindOf(conversation({}))).toBe('individual');
    expect(chatKindOf(conversation({ isGroupConversation: true, participants: [ada, grace, linus] }))).toBe(
      'group',
    );
    expect(chatKindOf(conversation({ participants: [ada, grace, linus] }))).toBe('group');
    expect(chatKindOf(conversation({ id: 'room-4' }))).toBe('room');
    expect(chatKindOf(conversation({ id: 'bot-1-1', bot: 'helpbot', participants: [ada] }))).toBe('bot');
  });

  it('names a conversation by the other person, a group by the first other and how many more', () => {
    expect(conversationName(conversation({}), 1)).toEqual({ name: 'Grace Hopper', more: 0 });
    expect(
      conversationName(conversation({ isGroupConversation: true, participants: [ada, grace, linus] }), 1),
    ).toEqual({ name: 'Grace Hopper', more: 1 });
    expect(conversationName(conversation({ id: 'room-4', roomName: 'Expo Hall' }), 1).name).toBe('Expo Hall');
    expect(conversationName(conversation({ bot: 'helpbot', participants: [ada] }), 1).name).toBe('helpbot');
  });

  it('finds conversations by name, and by company and job title only where the event shows them', () => {
    const c = conversation({});
    const shown = { company: true, jobTitle: true };
    const hidden = { company: false, jobTitle: false };
    expect(conversationMatches(c, 1, 'grace hop', hidden)).toBe(true);
    expect(conversationMatches(c, 1, '  ', hidden)).toBe(true);
    expect(conversationMatches(c, 1, 'navy', shown)).toBe(true);
    expect(conversationMatches(c, 1, 'navy', hidden)).toBe(false);
    expect(conversationMatches(c, 1, 'admiral', { company: false, jobTitle: true })).toBe(true);
    expect(conversationMatches(c, 1, 'lovelace', shown)).toBe(false);
  });

  it('names what a last message is', () => {
    expect(lastMessageKind({ message: 'hi', timestamp: '1', type: 'text' })).toBe('text');
    expect(lastMessageKind({ message: '', timestamp: '1', type: 'video' })).toBe('call');
    expect(
      lastMessageKind({
        message: '',
        timestamp: '1',
        type: 'text',
        cards: [{ approved: null, card_id: 1, user_id: 2 }],
      }),
    ).toBe('card');
  });
});
