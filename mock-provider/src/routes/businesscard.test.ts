import { describe, expect, it } from 'vitest';
import { BACKEND_MESSAGES, BusinessCardListSchema, BusinessCardSchema } from '@showfloor/contracts';
import { demoHarness, errorOf } from '../../test/harness.ts';
import { checkRecordings } from '../../test/openapi-check.ts';

describe('business card service', () => {
  const { h, tokens } = demoHarness({
    ada: 'ada@demo.test',
    grace: 'grace@demo.test',
    linus: 'linus@demo.test',
  });

  it('requests a card, and the owner approves it: it appears in the list', async () => {
    const req = await h.call('businesscard', 'requestCard', {
      token: tokens.linus,
      body: { user_id: 2, requester_id: 3 },
    });
    expect(req.status).toBe(200);
    const info = req.body as { approved: null; card_id: number; user_id: number };
    expect(info).toMatchObject({ approved: null, user_id: 2 });
    const check = await h.call('businesscard', 'getCardInfo', {
      token: tokens.linus,
      params: { ofId: 2, toId: 3 },
    });
    expect(check.body).toEqual(info);
    const again = await h.call('businesscard', 'requestCard', {
      token: tokens.linus,
      body: { user_id: 2, requester_id: 3 },
    });
    expect(again.status).toBe(409);
    const notOwner = await h.call('businesscard', 'updateCard', {
      token: tokens.linus,
      params: { id: info.card_id },
      body: { approved: true },
    });
    expect(notOwner.status).toBe(403);
    const approve = await h.call('businesscard', 'updateCard', {
      token: tokens.grace,
      params: { id: info.card_id },
      body: { approved: true, notes: 'Card allow to show' },
    });
    expect(approve.body).toEqual({ message: 'Business card approved.' });
    const cards = BusinessCardListSchema.parse(
      (await h.call('businesscard', 'getUserCards', { token: tokens.linus, params: { id: 3 } })).body,
    );
    expect(cards.cards.map((c) => [c.user_id, c.firstname, c.notes])).toEqual([
      [2, 'Grace', 'Card allow to show'],
    ]);
  });

  it('denies a request and lets it be asked again', async () => {
    const deny = await h.call('businesscard', 'updateCard', {
      token: tokens.linus,
      params: { id: 2 },
      body: { approved: false, notes: 'Card denied' },
    });
    expect(deny.body).toEqual({ message: 'Business card denied.' });
    expect(
      (await h.call('businesscard', 'getCardInfo', { token: tokens.ada, params: { ofId: 3, toId: 1 } })).body,
    ).toEqual({ approved: false, card_id: 2, user_id: 3 });
    const again = await h.call('businesscard', 'requestCard', {
      token: tokens.ada,
      body: { user_id: 3, requester_id: 1 },
    });
    expect(again.body).toEqual({ approved: null, card_id: 2, user_id: 3 });
  });

  it("refuses requests in someone else's name, for oneself and to unknown users", async () => {
    expect(
      (
        await h.call('businesscard', 'requestCard', {
          token: tokens.ada,
          body: { user_id: 3, requester_id: 2 },
        })
      ).status,
    ).toBe(403);
    const own = await h.call('businesscard', 'requestCard', {
      token: tokens.ada,
      body: { user_id: 1, requester_id: 1 },
    });
    expect(errorOf(own).message).toContain('You cannot request your own card');
    expect(
      (
        await h.call('businesscard', 'requestCard', {
          token: tokens.ada,
          body: { user_id: 6, requester_id: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await h.call('businesscard', 'getCardInfo', { token: tokens.linus, params: { ofId: 1, toId: 2 } }))
        .status,
    ).toBe(403);
  });

  it('needs approved or notes, and keeps the previous note when notes are emptied', async () => {
    const none = await h.call('businesscard', 'updateCard', {
      token: tokens.ada,
      params: { id: 3 },
      body: {},
    });
    expect(none.status).toBe(400);
    expect(errorOf(none).message).toBe(BACKEND_MESSAGES.CARD_UPDATE_NEEDS_FIELD);
    await h.call('businesscard', 'updateCard', {
      token: tokens.ada,
      params: { id: 3 },
      body: { notes: 'Ask about COBOL' },
    });
    await h.call('businesscard', 'updateCard', { token: tokens.ada, params: { id: 3 }, body: { notes: '' } });
    const cards = BusinessCardListSchema.parse(
      (await h.call('businesscard', 'getUserCards', { token: tokens.ada, params: { id: 1 } })).body,
    );
    expect(cards.cards.find((c) => c.card_id === 3)?.notes).toBe('Ask about COBOL');
    const tooLong = await h.call('businesscard', 'updateCard', {
      token: tokens.ada,
      params: { id: 3 },
      body: { notes: 'n'.repeat(2001) },
    });
    expect(errorOf(tooLong).message).toBe(BACKEND_MESSAGES.TEXT_TOO_LONG);
    expect(
      (
        await h.call('businesscard', 'updateCard', {
          token: tokens.linus,
          params: { id: 3 },
          body: { notes: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it('edits only the own card', async () => {
    const r = await h.call('businesscard', 'updateOwnCard', {
      token: tokens.ada,
      params: { id: 1 },
      body: { personal_quote: 'Poetical science.' },
    });
    expect(BusinessCardSchema.parse(r.body)).toMatchObject({
      user_id: 1,
      personal_quote: 'Poetical science.',
      skill: ['Mathematics'],
    });
    expect(
      (
        await h.call('businesscard', 'updateOwnCard', {
          token: tokens.ada,
          params: { id: 2 },
          body: { personal_quote: 'x' },
        })
      ).status,
    ).toBe(403);
    const empty = await h.call('businesscard', 'updateOwnCard', {
      token: tokens.ada,
      params: { id: 1 },
      body: {},
    });
    expect(errorOf(empty).message).toBe('one field must be specified');
  });

  it("deletes a card from the holder's list", async () => {
    const r = await h.call('businesscard', 'deleteCard', { token: tokens.ada, params: { id: 3 } });
    expect(r.body).toEqual({ message: 'Business card deleted.' });
    expect(
      BusinessCardListSchema.parse(
        (await h.call('businesscard', 'getUserCards', { token: tokens.ada, params: { id: 1 } })).body,
      ).cards,
    ).toEqual([]);
    expect(
      (await h.call('businesscard', 'deleteCard', { token: tokens.ada, params: { id: 3 } })).status,
    ).toBe(404);
    expect(
      (await h.call('businesscard', 'deleteCard', { token: tokens.ada, params: { id: 'x' } })).status,
    ).toBe(400);
  });

  it("reads and exports only the caller's own cards", async () => {
    expect(
      (await h.call('businesscard', 'getUserCards', { token: tokens.ada, params: { id: 2 } })).status,
    ).toBe(403);
    const csv = await h.call('businesscard', 'exportCards', { token: tokens.grace, params: { id: 2 } });
    expect(csv.contentType).toContain('text/csv');
    expect(String(csv.body).split('\r\n')[1]).toBe(
      'Ada,Lovelace,Analytical Engines Ltd,Mathematician,ada@demo.test,+44 20 7946 0001,https://ada.demo.test,linkedin.com/in/ada-lovelace,Met in the lobby',
    );
    expect(
      (await h.call('businesscard', 'exportCards', { token: tokens.grace, params: { id: 1 } })).status,
    ).toBe(403);
  });

  it('answers every call as the OpenAPI document describes and covers each call both ways', async () => {
    expect(await checkRecordings(h.recordings)).toEqual([]);
    expect(h.uncovered('businesscard')).toEqual([]);
  });
});
