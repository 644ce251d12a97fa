// Chat message text (spec 02 §5): `[label | address]` becomes a link that opens in a new tab; an address without
// a scheme gets https; only http and https are links. Everything else stays text: a message is never HTML.

/** A run of a message: plain text, or a link with its label. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; label: string; href: string };

/** `[label | address]`: the label may not hold brackets or bars, the address no whitespace. */
const LINK_PATTERN = /\[([^[\]|]+)\|\s*([^\s[\]|]+)\s*\]/g;
/** A scheme at the start (`javascript:`, `mailto:`), not a host with a port (`example.com:8080`). */
const SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;

/** The link an address stands for, or undefined when it is no http(s) address. */
export function linkHref(address: string): string | undefined {
  const withScheme = SCHEME.test(address) ? address : `https://${address.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return undefined;
  return url.href;
}

/** Splits a message into text and links, in order; a bracket whose address is refused stays text. */
export function parseMessageText(message: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let rest = 0;
  const pushText = (text: string) => {
    if (text === '') return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += text;
    else parts.push({ kind: 'text', text });
  };
  for (const match of message.matchAll(LINK_PATTERN)) {
    const [whole, rawLabel = '', address = ''] = match;
    const label = rawLabel.trim();
    const href = label === '' ? undefined : linkHref(address);
    pushText(message.slice(rest, match.index));
    if (href) parts.push({ kind: 'link', label, href });
    else pushText(whole);
    rest = match.index + whole.length;
  }
  pushText(message.slice(rest));
  return parts;
}
