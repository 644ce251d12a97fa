import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { testI18n } from '../../../testing/i18n.ts';
import { PolicyText } from './policy-text.tsx';

function renderText(key: string, language: 'en' | 'de') {
  const { container } = render(
    <p>
      <PolicyText text={testI18n.t(key, { lng: language })} link={<a href="https://policy.test/" />} />
    </p>,
  );
  return container.querySelector('p');
}

describe('PolicyText', () => {
  it("shows the login page's texts with their policy part as the link, in both languages", () => {
    const english = renderText('auth:login.consentPrivacy', 'en');
    expect(english).toHaveTextContent(/^I have read and accept the privacy policy\.$/);
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      'https://policy.test/',
    );
    const german = renderText('auth:login.cookieNotice', 'de');
    expect(german?.textContent).not.toContain('<policy>');
    expect(screen.getByRole('link', { name: 'Cookie-Richtlinie' })).toHaveAttribute(
      'href',
      'https://policy.test/',
    );
  });

  it('shows a text without a policy part as it is', () => {
    expect(renderText('auth:login.consentStorage', 'en')?.textContent).toBe(
      testI18n.t('auth:login.consentStorage', { lng: 'en' }),
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
