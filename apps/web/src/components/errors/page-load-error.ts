// A page's code that failed to load (its chunk gone after a deploy, the network down) is no fault of the page:
// the route-level boundary passes it on to the root's 'Something went wrong.', whose Reload is the remedy.
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'PageLoadError';
  }
}
