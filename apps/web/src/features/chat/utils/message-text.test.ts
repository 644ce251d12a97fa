import { describe, expect, it } from 'vitest';
import { linkHref, parseMessageText } from './message-text.ts';

describe('message text', () => {
  it('turns [label | address] into a link and keeps the text around it', () => {
    expect(parseMessageText('See [our booth | https://kernel.demo.test/booth] today!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', label: 'our booth', href: 'https://kernel.demo.test/booth' },
      { kind: 'text', text: ' today!' },
    ]);
  });

  it('adds https to an address without a scheme, keeps http, and takes a port for no scheme', () => {
    expect(linkHref('showfloor.example/agenda')).toBe('https://showfloor.example/agenda');
    expect(linkHref('http://plain.example')).toBe('http://plain.example/');
    expect(linkHref('example.com:8080/x')).toBe('https://example.com:8080/x');
    expect(parseMessageText('[Agenda|showfloor.example]')).toEqual([
      { kind: 'link', label: 'Agenda', href: 'https://showfloor.example/' },
    ]);
  });

  it('refuses every scheme but http and https: a javascript: address stays text', () => {
    for (const address of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:msgbox',
      'mailto:someone@example.com',
      'file:///etc/passwd',
    ]) {
      expect(linkHref(address), address).toBeUndefined();
      expect(parseMessageText(`[click | ${address}]`), address).toEqual([
        { kind: 'text', text: `[click | ${address}]` },
      ]);
    }
  });

  it('leaves HTML as text and other brackets alone', () => {
    expect(parseMessageText('<img src=x onerror=alert(1)> [not a link] [a|b c]')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)> [not a link] [a|b c]' },
    ]);
    expect(parseMessageText('[ | https://no-label.example]')).toEqual([
      { kind: 'text', text: '[ | https://no-label.example]' },
    ]);
  });

  it('finds several links in one message', () => {
    expect(
      parseMessageText('[One|one.example] and [Two | http://two.example/x?y=1]').map((p) => p.kind),
    ).toEqual(['link', 'text', 'link']);
  });
});
