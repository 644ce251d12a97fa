// The card list's search (spec 02 §5 "Business cards match first name, last name, full name, company"): case
// insensitive, surrounding blanks ignored; a blank search shows every card.
import type { BusinessCard } from '@showfloor/contracts';

export function fullNameOf(card: Pick<BusinessCard, 'firstname' | 'lastname'>): string {
  return `${card.firstname} ${card.lastname}`.trim();
}

export function matchesSearch(
  card: Pick<BusinessCard, 'firstname' | 'lastname' | 'company'>,
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [card.firstname, card.lastname, fullNameOf(card), card.company ?? ''].some((field) =>
    field.toLowerCase().includes(needle),
  );
}
