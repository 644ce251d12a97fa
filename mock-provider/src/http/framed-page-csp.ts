/**
 * The content security policy of a page the app frames (the demo rooms, the stand-in call widget): scripts,
 * styles, images and connections from the provider's own origin only, no plugins, no forms, and framed by the
 * configured app origins alone (`'none'` when there are none).
 */
export function framedPageCsp(appOrigins: readonly string[], options: { blobMedia?: boolean } = {}): string {
  const frameAncestors = appOrigins.length > 0 ? appOrigins.join(' ') : "'none'";
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    // A page that shows images or media it fetched itself as blob: URLs (the demo rooms) allows those.
    options.blobMedia ? "img-src 'self' data: blob:" : "img-src 'self' data:",
    ...(options.blobMedia ? ["media-src 'self' blob:"] : []),
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}
