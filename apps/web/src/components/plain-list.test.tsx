import { describe, expect, it } from 'vitest';
import { Group } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../testing/render.tsx';
import { PlainList } from './plain-list.tsx';

describe('PlainList', () => {
  it('is a list named by its label, its rows list items, drawn without bullets or indent', () => {
    renderWithProviders(
      <PlainList label="People in this room">
        <li>Grace Hopper</li>
        <Group component="li" tabIndex={-1}>
          Linus Torvalds
        </Group>
      </PlainList>,
    );
    const list = screen.getByRole('list', { name: 'People in this room' });
    expect(list.tagName).toBe('UL');
    // An explicit role: Safari drops the list role of a `ul` without bullets.
    expect(list).toHaveAttribute('role', 'list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Grace Hopper', 'Linus Torvalds']);
    expect(list.style.listStyle).toBe('none');
    expect([list.style.marginTop, list.style.marginLeft, list.style.paddingLeft].map(parseFloat)).toEqual([
      0, 0, 0,
    ]);
  });

  it('is named by a visible heading when given its id', () => {
    renderWithProviders(
      <>
        <h3 id="people-heading">Personen</h3>
        <PlainList labelledBy="people-heading">
          <li>Grace Hopper</li>
        </PlainList>
      </>,
    );
    expect(screen.getByRole('list', { name: 'Personen' })).toHaveAttribute(
      'aria-labelledby',
      'people-heading',
    );
  });
});
