// Full-page navigations, behind one seam so tests can observe them (jsdom cannot navigate).

export const browser = {
  /** Loads `url` as a new page (the router state starts afresh). */
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
