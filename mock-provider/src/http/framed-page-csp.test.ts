import { describe, expect, it } from 'vitest';
import { framedPageCsp } from './framed-page-csp.ts';

describe('framedPageCsp', () => {
  it("allows the provider's own origin only and framing by the app origins alone", () => {
    expect(framedPageCsp(['http://localhost:5173', 'http://127.0.0.1:8080'])).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
        "base-uri 'none'; form-action 'none'; frame-ancestors http://localhost:5173 http://127.0.0.1:8080",
    );
  });

  it('allows blob: images and media when asked, and no framing without app origins', () => {
    expect(framedPageCsp([], { blobMedia: true })).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; " +
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });
});
