import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { clearSession, startSession } from '../../../lib/session.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import HelpPage from './help-page.tsx';

beforeEach(async () => {
  await startSession(makeUser());
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('help page', () => {
  it('lists the FAQs in their order with sanitised answers', async () => {
    const gateway = mockTrpc({
      'event.getEventFaqs': () => ({
        faqs: [
          { id: 2, category: 'General', question: 'Second question?', answer: '<p>Two</p>', faq_order: 2 },
          {
            id: 1,
            category: 'General',
            question: 'First question?',
            answer:
              '<p>One <b>bold</b></p><img src=x onerror="window.hacked=true"><script>window.hacked=true</script>',
            faq_order: 1,
          },
        ],
      }),
    });
    const { user, container } = renderWithProviders(<HelpPage />, { route: '/help' });
    const questions = await screen.findAllByRole('button', { name: /question\?/ });
    expect(questions.map((q) => q.textContent)).toEqual(['First question?', 'Second question?']);
    await user.click(questions[0]!);
    expect(await screen.findByText('bold')).toBeInTheDocument();
    expect(container.innerHTML).not.toMatch(/onerror|<script/);
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
    expect(gateway.inputsOf('event.getEventFaqs')).toEqual([{ id: 'DEMO', frontend: 'visitor' }]);
  });

  it('offers the privacy and cookie policies in a new window', async () => {
    mockTrpc({ 'event.getEventFaqs': () => ({ faqs: [] }) });
    const { user } = renderWithProviders(<HelpPage />, { route: '/help' });
    expect(await screen.findByText('There are no frequently asked questions yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Privacy policy' }));
    expect(screen.getByRole('link', { name: 'Open the privacy policy' })).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('tab', { name: 'Cookie policy' }));
    expect(screen.getByRole('link', { name: 'Open the cookie policy' })).toHaveAttribute('target', '_blank');
  });
});
