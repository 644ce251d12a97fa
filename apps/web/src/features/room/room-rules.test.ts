import { describe, expect, it } from 'vitest';
import { makeContentItem } from '../../testing/fixtures.ts';
import {
  canOptOut,
  disablePopup,
  entryPopups,
  instanceChoice,
  meetingIdOf,
  mergeContentAttributes,
  readDisabledPopups,
  transitionItem,
} from './room-rules.ts';

const two = {
  instances: [
    { instance: 'Table A', users: 3 },
    { instance: 'Table B', users: 1 },
  ],
  maxUsers: 8,
};
const loaded = (data = two) => ({ isMeeting: true, isLoading: false, isError: false, data });

describe('instance choice', () => {
  it('lets a presenter-or-up user pick among several instances', () => {
    expect(instanceChoice(loaded(), true)).toEqual({ kind: 'pick', instances: two });
  });

  it('sends everyone else into the first instance', () => {
    expect(instanceChoice(loaded(), false)).toEqual({ kind: 'enter', instance: 'Table A' });
  });

  it('needs no picker for one instance or a room without a meeting', () => {
    expect(instanceChoice(loaded({ ...two, instances: [two.instances[1]!] }), true)).toEqual({
      kind: 'enter',
      instance: 'Table B',
    });
    expect(
      instanceChoice({ isMeeting: false, isLoading: true, isError: false, data: undefined }, true),
    ).toEqual({
      kind: 'enter',
      instance: null,
    });
  });

  it('stops a presenter-or-up user on a failed read, and lets others in', () => {
    const failed = { isMeeting: true, isLoading: false, isError: true, data: undefined };
    expect(instanceChoice(failed, true)).toEqual({ kind: 'failed' });
    expect(instanceChoice(failed, false)).toEqual({ kind: 'enter', instance: null });
    expect(instanceChoice({ ...failed, isError: false, isLoading: true }, true)).toEqual({ kind: 'loading' });
  });

  it('reads the meeting id from meeting links only', () => {
    expect(meetingIdOf('http://127.0.0.1:4010/demo-rooms/meeting/meeting-room?x=1')).toBe('meeting-room');
    expect(meetingIdOf('http://127.0.0.1:4010/demo-rooms/demo/expo-hall')).toBeUndefined();
  });
});

describe('transition content', () => {
  const video = makeContentItem({
    id: 1,
    type: 'transition_content',
    attributes: { media_type: 'video', media_src: 'x' },
  });
  it('plays with the preference yes or auto and the stored flag on', () => {
    expect(transitionItem([video], 'yes', true)).toBe(video);
    expect(transitionItem([video], 'auto', true)).toBe(video);
  });
  it('does not play when the preference is off, the user switched it off, or there is none', () => {
    expect(transitionItem([video], 'no', true)).toBeUndefined();
    expect(transitionItem([video], undefined, true)).toBeUndefined();
    expect(transitionItem([video], 'yes', false)).toBeUndefined();
    expect(transitionItem([makeContentItem({ id: 2 })], 'yes', true)).toBeUndefined();
  });
});

describe('popups', () => {
  it('opens enabled popup items on entry unless switched off, and remembers the switch per content id', () => {
    const storage = new Map<string, string>();
    const store = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    };
    const welcome = makeContentItem({ id: 2, attributes: { enablePopup: true, optOut: 'true' } });
    const other = makeContentItem({ id: 3, attributes: { enablePopup: false } });
    expect(entryPopups([welcome, other], readDisabledPopups(store))).toEqual([welcome]);
    expect(canOptOut(welcome)).toBe(true);
    expect(canOptOut(makeContentItem({ id: 4, attributes: { optOut: 'false' } }))).toBe(false);
    disablePopup(2, store);
    disablePopup(2, store);
    expect(storage.get('disabledPopups')).toBe('[2]');
    expect(entryPopups([welcome, other], readDisabledPopups(store))).toEqual([]);
  });

  it('reads a damaged list as empty', () => {
    expect(readDisabledPopups({ getItem: () => '{not json' })).toEqual([]);
    expect(readDisabledPopups({ getItem: () => '"x"' })).toEqual([]);
  });
});

describe('user_recruiting_status', () => {
  it('merges attribute values into the content items it names, by id', () => {
    const a = makeContentItem({ id: 5, attributes: { enablePopup: true } });
    const b = makeContentItem({ id: 6 });
    const merged = mergeContentAttributes(
      [a, b],
      [{ id: '5', attributes: { status: 'Shortlisted', nested: { x: 1 } } }],
    );
    expect(merged[0]?.attributes).toEqual({ enablePopup: true, status: 'Shortlisted' });
    expect(merged[1]).toBe(b);
  });
});
