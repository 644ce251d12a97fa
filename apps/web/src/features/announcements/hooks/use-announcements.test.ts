import { describe, expect, it, vi } from 'vitest';
import { announcementTone } from '../../../lib/notify.ts';
import { handleAnnouncement } from './use-announcements.ts';

describe('announcements', () => {
  it('shows an announcement with its type and its own duration', () => {
    const show = vi.fn();
    expect(
      handleAnnouncement({ title: 'Keynote', message: 'Starts in 5 minutes', type: 3, duration: 20 }, show),
    ).toBe(true);
    expect(show).toHaveBeenCalledWith({
      title: 'Keynote',
      message: 'Starts in 5 minutes',
      type: 3,
      duration: 20,
    });
    expect(announcementTone(3)).toBe('warning');
    expect(announcementTone(4)).toBe('error');
    expect(announcementTone(2)).toBe('success');
    expect(announcementTone(1)).toBe('info');
  });

  it('ignores a malformed announcement', () => {
    const show = vi.fn();
    expect(handleAnnouncement({ title: 'x' }, show)).toBe(false);
    expect(show).not.toHaveBeenCalled();
  });
});
