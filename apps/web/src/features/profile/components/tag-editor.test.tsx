import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { PROFILE_ERROR_TEXTS, type Tag } from '@showfloor/contracts';
import { useOwnProfile } from '../api/use-own-profile.ts';
import { makeProfile } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fail, mockTrpc } from '../../../testing/trpc-mock.ts';
import { TagEditor } from './tag-editor.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => testI18n.changeLanguage('en'));
});

/** The editor over the cached profile, as the page shows it (so added and removed tags show). */
function Editor({ type }: { type: 'skill' | 'interest' }) {
  const profile = useOwnProfile(7);
  return profile.data ? <TagEditor profile={profile.data} type={type} /> : null;
}

function setup(
  type: 'skill' | 'interest',
  tags: Tag[],
  handlers: Record<string, (input: unknown) => unknown> = {},
) {
  const gateway = mockTrpc({
    'user.getUser': () => ({ data: { user: makeProfile({ tags }) } }),
    'user.createTags': () => ({ message: 'Tag added.' }),
    'user.deleteTag': () => ({ message: 'Tag removed.' }),
    ...handlers,
  });
  return { gateway, ...renderWithProviders(<Editor type={type} />) };
}

const chips = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('skills and interests', () => {
  it('adds a skill with Enter, appends it and clears the input', async () => {
    const { user, gateway } = setup('skill', [{ tag_name: 'COBOL', type: 'skill' }]);
    const input = await screen.findByRole('textbox', { name: 'New skill' });
    await user.type(input, 'C# & .NET + @scale-1{Enter}');
    expect(await screen.findByText('Skill "C# & .NET + @scale-1" added.')).toBeInTheDocument();
    expect(chips('Your skills')).toEqual(['COBOL', 'C# & .NET + @scale-1']);
    expect(input).toHaveValue('');
    expect(gateway.inputsOf('user.createTags')).toEqual([
      { user_id: 7, tags: [{ tag_name: 'C# & .NET + @scale-1', type: 'skill' }] },
    ]);
  });

  it.each([
    ['skill', 'New skill', PROFILE_ERROR_TEXTS.SKILL_FORBIDDEN],
    ['interest', 'New interest', PROFILE_ERROR_TEXTS.INTEREST_FORBIDDEN],
  ] as const)('refuses forbidden characters in a %s with its message', async (type, label, message) => {
    const { user, gateway } = setup(type, []);
    const input = await screen.findByRole('textbox', { name: label });
    await user.type(input, 'Rust!{Enter}');
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(gateway.inputsOf('user.createTags')).toEqual([]);
  });

  it('blocks an empty entry without a message and refuses one over 2000 characters', async () => {
    const { user, gateway } = setup('interest', []);
    const input = await screen.findByRole('textbox', { name: 'New interest' });
    await user.type(input, '   {Enter}');
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.click(input);
    await user.paste('x'.repeat(2001));
    expect(screen.getByText('Tag must be at most 2000 characters')).toBeInTheDocument();
    expect(gateway.inputsOf('user.createTags')).toEqual([]);
  });

  it('asks for at least one of each when the list is empty', async () => {
    setup('interest', [{ tag_name: 'COBOL', type: 'skill' }]);
    expect(await screen.findByText('Please add at least one interest.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('deletes a chip', async () => {
    const { user, gateway } = setup('interest', [
      { tag_name: 'Computing', type: 'interest' },
      { tag_name: 'Ships', type: 'interest' },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Remove interest Computing' }));
    expect(await screen.findByText('Interest "Computing" removed.')).toBeInTheDocument();
    expect(chips('Your interests')).toEqual(['Ships']);
    expect(gateway.inputsOf('user.deleteTag')).toEqual([
      { user_id: 7, tag_name: 'Computing', type: 'interest' },
    ]);
  });

  it("shows the server's failure capitalised, for adding and deleting", async () => {
    const { user } = setup('skill', [{ tag_name: 'COBOL', type: 'skill' }], {
      'user.createTags': () => fail({ message: 'tags must be unique' }),
      'user.deleteTag': () => fail({ message: 'tag not found', code: 'NOT_FOUND', httpStatus: 404 }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'New skill' }), 'Go{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Tags must be unique');
    await user.click(screen.getByRole('button', { name: 'Remove skill COBOL' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tag not found');
    expect(chips('Your skills')).toEqual(['COBOL']);
  });

  it('says so in German', async () => {
    await act(() => testI18n.changeLanguage('de'));
    const { user } = setup('skill', []);
    await user.type(await screen.findByRole('textbox', { name: 'Neue Fähigkeit' }), 'a/b');
    expect(screen.getByText('Die Fähigkeit enthält unzulässige Zeichen')).toBeInTheDocument();
  });
});
