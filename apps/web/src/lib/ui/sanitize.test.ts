import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize.ts';

describe('FAQ answer sanitising', () => {
  it('keeps harmless markup and removes scripts, handlers and script urls', () => {
    const clean = sanitizeHtml(
      '<p>Hi <b>there</b> <a href="https://x.example">link</a></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a>',
    );
    expect(clean).toContain('<b>there</b>');
    expect(clean).toContain('href="https://x.example"');
    expect(clean).not.toMatch(/script|onerror|javascript:/i);
  });
});
