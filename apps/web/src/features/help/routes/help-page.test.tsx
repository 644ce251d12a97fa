import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import HelpPage from './help-page.tsx';

beforeEach(async () => {
  await startSession(makeUser());
});

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  await testI18n.changeLanguage('en');
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

  it('keeps the German tabs on one row that scrolls sideways, and moves between them with the arrow keys', async () => {
    await testI18n.changeLanguage('de');
    mockTrpc({ 'event.getEventFaqs': () => ({ faqs: [] }) });
    const { user } = renderWithProviders(<HelpPage />, { route: '/help' });
    const list = screen.getByRole('tablist');
    // A 390 px phone cannot be laid out in jsdom: the strip's own styles say it does not wrap.
    expect(list).toHaveStyle({ flexWrap: 'nowrap', overflowX: 'auto' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['FAQ', 'Datenschutzerklärung', 'Cookie-Richtlinie']);
    for (const tab of tabs) expect(tab).toHaveStyle({ flexShrink: '0', whiteSpace: 'nowrap' });
    await user.click(tabs[0]!);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const cookies = screen.getByRole('tab', { name: 'Cookie-Richtlinie' });
    expect(cookies).toHaveFocus();
    expect(cookies).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Cookie-Richtlinie öffnen' })).toBeInTheDocument();
  });
});
