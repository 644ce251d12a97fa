import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { testI18n } from '../testing/i18n.ts';
import { renderWithProviders } from '../testing/render.tsx';
import { PasswordField } from './password-field.tsx';

afterEach(async () => {
  await act(() => testI18n.changeLanguage('en'));
});

describe('password field', () => {
  it('reaches the show-password toggle with Tab and toggles it from the keyboard', async () => {
    const { user } = renderWithProviders(<PasswordField label="Password" />);
    const input = screen.getByLabelText(/^password/i, { selector: 'input' });
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(input).toHaveAttribute('type', 'password');
    await user.keyboard('{Enter}');
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard(' ');
    expect(input).toHaveAttribute('type', 'password');
  });

  it('labels the toggle in German', async () => {
    await act(() => testI18n.changeLanguage('de'));
    renderWithProviders(<PasswordField label="Passwort" />);
    expect(screen.getByRole('button', { name: 'Passwort anzeigen' })).toHaveAttribute('tabindex', '0');
  });
});
