/**
 * The Content-Security-Policy of a page: scripts only from here and with the response's nonce,
 * no plugins, no framing, forms posted here. Where pictures and connections may come from is the
 * caller's: the app adds the map's tiles (and Vite's socket in development), the console nothing.
 */
export function contentSecurityPolicy(nonce: string, sources: { img: string; connect: string }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    `img-src ${sources.img}`,
    `connect-src ${sources.connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}
