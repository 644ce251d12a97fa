import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search.ts';

const grace = { firstname: 'Grace', lastname: 'Hopper', company: 'Navy Labs' };

describe('card search', () => {
  it('matches first name, last name, full name and company, ignoring case and blanks around', () => {
    for (const search of ['grace', 'HOPPER', 'Grace Hopper', '  grace hop ', 'navy', 'LABS'])
      expect(matchesSearch(grace, search)).toBe(true);
  });

  it('shows every card for a blank search and none for anything else', () => {
    expect(matchesSearch(grace, '   ')).toBe(true);
    expect(matchesSearch(grace, 'Lovelace')).toBe(false);
    expect(matchesSearch({ ...grace, company: null }, 'navy')).toBe(false);
    // Job titles and other fields are not searched.
    expect(matchesSearch({ ...grace, company: null }, 'Hopper Grace')).toBe(false);
  });
});
