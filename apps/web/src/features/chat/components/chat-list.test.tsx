import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Conversation } from '@showfloor/contracts';
import { ADA, GRACE, LINUS, at, makeConversation } from '../../../testing/chat-fixtures.ts';
import { prefs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { ChatList } from './chat-list.tsx';

let gateway: ReturnType<typeof mockTrpc> | undefined;
afterEach(() => gateway?.restore());

function renderList(conversations: Conversation[], shown = { show_company: 'yes', show_job_title: 'no' }) {
  gateway = mockTrpc({
    'conversation.listConversations': () => ({ conversations }),
    'event.getPreferences': () => prefs(shown),
  });
  const onOpen = vi.fn();
  const onNew = vi.fn();
  const view = renderWithProviders(
    <ChatList userId={ADA.id} eventCode="DEMO" onOpen={onOpen} onNew={onNew} />,
  );
  return { ...view, onOpen, onNew };
}

const long = 'A'.repeat(60) + ' ' + 'B'.repeat(60);

describe('ChatList', () => {
  it('says there are no conversations yet, without a search, and offers a new one', async () => {
    const { user, onNew } = renderList([]);
    expect(await screen.findByText(/You have no conversations yet/)).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(onNew).toHaveBeenCalledOnce();
  });

  it('lists conversations with their last message cut at 100 characters and an unread mark', async () => {
    const { user, onOpen } = renderList([
      makeConversation({
        isUnread: true,
        lastMessage: { message: long, timestamp: String(at(3)), type: 'text' },
      }),
      makeConversation({
        id: 'conv-2',
        participants: [ADA, GRACE, LINUS],
        isGroupConversation: true,
        lastMessage: { message: '', timestamp: String(at(1)), type: 'video' },
      }),
    ]);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const [first, second] = within(list).getAllByRole('button');
    expect(first).toHaveTextContent(`Unread: ${long.slice(0, 100)}…`);
    expect(first).toHaveAttribute('data-unread', 'true');
    expect(second).toHaveTextContent('Grace Hopper +1');
    expect(second).toHaveTextContent('Call');
    expect(second).not.toHaveAttribute('data-unread');
    await user.click(second as HTMLElement);
    expect(onOpen).toHaveBeenCalledWith('conv-2');
  });

  it('previews a message holding a link by its label, not its [label | address] markup', async () => {
    renderList([
      makeConversation({
        lastMessage: {
          message: 'Slides: [Keynote deck | slides.example/keynote] (see you at 3)',
          timestamp: String(at(2)),
          type: 'text',
        },
      }),
    ]);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const [item] = within(list).getAllByRole('button');
    expect(item).toHaveTextContent('Slides: Keynote deck (see you at 3)');
    expect(item).not.toHaveTextContent('[');
    expect(item).not.toHaveTextContent('slides.example');
    // The preview is text inside the conversation's button: no link nested in it.
    expect(within(item as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
  });

  it('searches by name, and by company where the event shows it (not by a hidden job title)', async () => {
    const { user } = renderList([
      makeConversation(),
      makeConversation({ id: 'conv-2', participants: [ADA, LINUS] }),
    ]);
    const search = await screen.findByRole('searchbox', { name: 'Search conversations' });
    const names = () =>
      within(screen.queryByRole('list', { name: 'Conversations' }) ?? document.createElement('ul'))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    await user.type(search, 'torv');
    expect(names()).toEqual([expect.stringContaining('Linus Torvalds')]);
    await user.clear(search);
    await user.type(search, 'navy');
    expect(names()).toEqual([expect.stringContaining('Grace Hopper')]);
    await user.clear(search);
    await user.type(search, 'admiral');
    expect(names()).toEqual([]);
    expect(screen.getByText('Nobody matches your search.')).toBeInTheDocument();
  });

  it('links the private chats CSV with the visitor’s UTC offset', async () => {
    renderList([makeConversation()]);
    const link = await screen.findByRole('link', { name: 'Export private chats' });
    expect(link.getAttribute('href')).toMatch(
      /\/api\/v1\/conversation\/user\/7\/chats\/all\?utc_offset=-?\d+$/,
    );
  });
});
