// The chat view's scroll thresholds (spec 02 §4.3, §9): it follows new messages within 50 px of the bottom and
// loads older ones within 100 px of the top.
import { SCROLL_THRESHOLDS } from '@showfloor/contracts';

export interface ScrollBox {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** Within 50 px of the bottom (auto-scroll stays on, unread is marked read). */
export function isNearBottom(box: ScrollBox): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= SCROLL_THRESHOLDS.BOTTOM;
}

/** Within 100 px of the top (older messages load). */
export function isNearTop(box: ScrollBox): boolean {
  return box.scrollTop <= SCROLL_THRESHOLDS.TOP;
}

/** Where to scroll after older messages were put above, so what the reader saw stays where it was. */
export function keptScrollTop(before: ScrollBox, afterScrollHeight: number): number {
  return before.scrollTop + (afterScrollHeight - before.scrollHeight);
}
