import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fail, fileAnswer, fileFailure, mockTrpc } from '../../../testing/trpc-mock.ts';
import HelpPage from './help-page.tsx';

beforeEach(async () => {
  await startSession(makeUser());
});

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  await testI18n.changeLanguage('en');
});

const SENT = { message: 'Your question was sent to the help desk. We will get back to you soon.' };

function renderHelp() {
  return renderWithProviders(<HelpPage />, { route: '/help' });
}

async function openRow(user: ReturnType<typeof renderHelp>['user'], name: RegExp, menu = 'Help pages') {
  await user.click(within(screen.getByRole('navigation', { name: menu })).getByRole('button', { name }));
}

describe('help menu', () => {
  it('lists the help pages, each opening as a drawer sub-page', async () => {
    mockTrpc({});
    const { user, location } = renderHelp();
    const rows = within(screen.getByRole('navigation', { name: 'Help pages' })).getAllByRole('button');
    expect(rows.map((row) => row.querySelector('.mantine-NavLink-label')?.textContent)).toEqual([
      'FAQ',
      'User manual',
      'Help desk',
      'Privacy policy',
      'Cookie policy',
    ]);
    await openRow(user, /^Privacy policy/);
    expect(location().state).toMatchObject({
      subPage: { name: 'privacy', titleKey: 'help:pages.privacy.title' },
    });
    expect(screen.getByRole('link', { name: 'Open the privacy policy' })).toHaveAttribute('target', '_blank');
  });

  it('opens the cookie policy in a new window', async () => {
    mockTrpc({});
    const { user } = renderHelp();
    await openRow(user, /^Cookie policy/);
    expect(screen.getByRole('link', { name: 'Open the cookie policy' })).toHaveAttribute('target', '_blank');
  });
});

describe('FAQ', () => {
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
    const { user, container } = renderHelp();
    await openRow(user, /^FAQ/);
    const questions = await screen.findAllByRole('button', { name: /question\?/ });
    expect(questions.map((q) => q.textContent)).toEqual(['First question?', 'Second question?']);
    await user.click(questions[0]!);
    expect(await screen.findByText('bold')).toBeInTheDocument();
    expect(container.innerHTML).not.toMatch(/onerror|<script/);
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
    expect(gateway.inputsOf('event.getEventFaqs')).toEqual([{ id: 'DEMO', frontend: 'visitor' }]);
  });

  it("shows the server's message when the FAQs cannot be loaded", async () => {
    mockTrpc({ 'event.getEventFaqs': () => fail({ message: 'FAQs are not available.', httpStatus: 404 }) });
    const { user } = renderHelp();
    await openRow(user, /^FAQ/);
    expect(await screen.findByText('FAQs are not available.')).toBeInTheDocument();
  });
});

describe('user manual', () => {
  it('shows the PDF in the drawer from the file proxy and offers its download', async () => {
    const gateway = mockTrpc({}, () => fileAnswer('%PDF-1.4', 'application/pdf'));
    const { user } = renderHelp();
    await openRow(user, /^User manual/);
    const frame = await screen.findByTitle('User manual');
    // The fetched bytes, framed as a blob: document.
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    const [view] = gateway.fileRequests;
    expect(view?.pathname).toBe('/api/v1/content/files');
    expect(Object.fromEntries(view?.searchParams ?? [])).toEqual({
      type: 'user_manual',
      event_code: 'DEMO',
      filename: 'user-manual.pdf',
    });
    const download = screen.getByRole('link', { name: 'Download the user manual (PDF)' });
    const saved = new URL(download.getAttribute('href') ?? '', 'http://app.test');
    expect(saved.pathname).toBe('/api/v1/content/download');
    expect(saved.searchParams.get('type')).toBe('user_manual');
    expect(download).toHaveAttribute('download');
    expect(gateway.fileRequests.map((url) => url.pathname)).toEqual(['/api/v1/content/files']);
  });

  it("shows the server's message when the manual cannot be loaded", async () => {
    mockTrpc({}, () => fileFailure(404, 'File not found.'));
    const { user } = renderHelp();
    await openRow(user, /^User manual/);
    expect(await screen.findByRole('alert')).toHaveTextContent('File not found.');
    expect(screen.queryByTitle('User manual')).toBeNull();
  });
});

describe('help desk', () => {
  it('asks for every field with the exact texts of the spec', async () => {
    const gateway = mockTrpc({ 'event.contactHelpDesk': () => SENT });
    const { user } = renderHelp();
    await openRow(user, /^Help desk/);
    const email = screen.getByRole('textbox', { name: /^Email/ });
    // The signed-in user's address is offered.
    expect(email).toHaveValue('ada@demo.test');
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    expect(screen.getByText('*Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('*Please enter a valid email adress')).toBeInTheDocument();
    expect(
      screen.getByText('*Please explain your problems or question to us in more detail.'),
    ).toBeInTheDocument();
    expect(gateway.inputsOf('event.contactHelpDesk')).toEqual([]);
  });

  it.each([
    ['+49 30 1234567', true],
    ['0049 30 1234567', true],
    ['030/1234-567', true],
    ['030 1234567', true],
    ['12', false],
    ['phone me', false],
    ['+49 30 12a4567', false],
  ])('takes %s as a phone number: %s', async (phone, isValid) => {
    mockTrpc({});
    const { user } = renderHelp();
    await openRow(user, /^Help desk/);
    const field = screen.getByRole('textbox', { name: /^Phone number/ });
    fireEvent.change(field, { target: { value: phone } });
    fireEvent.blur(field);
    const error = screen.queryByText('*Please enter a valid phone number');
    expect(error === null).toBe(isValid);
    if (!isValid) expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('needs a question of at least 10 characters and an e-mail of the simple pattern', async () => {
    mockTrpc({});
    const { user } = renderHelp();
    await openRow(user, /^Help desk/);
    const question = screen.getByRole('textbox', { name: /^Your question/ });
    fireEvent.change(question, { target: { value: 'Too short' } });
    fireEvent.blur(question);
    expect(
      screen.getByText('*Please explain your problems or question to us in more detail.'),
    ).toBeInTheDocument();
    fireEvent.change(question, { target: { value: 'Long enough' } });
    expect(screen.queryByText('*Please explain your problems or question to us in more detail.')).toBeNull();
    const email = screen.getByRole('textbox', { name: /^Email/ });
    for (const [value, isValid] of [
      ['ada@demo', false],
      ['ada demo@demo.test', false],
      ['ada@demo.test', true],
    ] as const) {
      fireEvent.change(email, { target: { value } });
      fireEvent.blur(email);
      expect(screen.queryByText('*Please enter a valid email adress') === null).toBe(isValid);
    }
  });

  it('sends the question and shows the success page', async () => {
    const gateway = mockTrpc({ 'event.contactHelpDesk': () => SENT });
    const { user, location } = renderHelp();
    await openRow(user, /^Help desk/);
    await user.type(screen.getByRole('textbox', { name: /^Phone number/ }), '+49 30 1234567');
    await user.type(screen.getByRole('textbox', { name: /^Your question/ }), 'Where is the keynote?');
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your question was sent to the help desk. We will get back to you soon.',
    );
    expect(gateway.inputsOf('event.contactHelpDesk')).toEqual([
      { phoneNumber: '+49 30 1234567', email: 'ada@demo.test', message: 'Where is the keynote?' },
    ]);
    // The success page replaced the form's entry.
    expect(location().state).toMatchObject({ subPage: { name: 'helpDeskSent' }, subPageDepth: 1 });
  });

  it("shows the server's message in red when the help desk refuses", async () => {
    mockTrpc({
      'event.contactHelpDesk': () => fail({ message: 'Too many questions, try later.', httpStatus: 429 }),
    });
    const { user } = renderHelp();
    await openRow(user, /^Help desk/);
    await user.type(screen.getByRole('textbox', { name: /^Phone number/ }), '030 1234567');
    await user.type(screen.getByRole('textbox', { name: /^Your question/ }), 'Where is the keynote?');
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many questions, try later.');
  });

  it('speaks Deutsch', async () => {
    await testI18n.changeLanguage('de');
    mockTrpc({});
    const { user } = renderHelp();
    await openRow(user, /^Helpdesk/, 'Hilfeseiten');
    await user.click(screen.getByRole('button', { name: 'Frage senden' }));
    expect(screen.getByText('*Bitte geben Sie eine gültige Telefonnummer ein')).toBeInTheDocument();
    expect(
      screen.getByText('*Bitte beschreiben Sie Ihr Problem oder Ihre Frage etwas genauer.'),
    ).toBeInTheDocument();
  });
});
