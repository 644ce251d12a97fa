// Test set-up for every web test: jest-dom matchers, the browser APIs Mantine needs under jsdom, a clean
// DOM and storage between tests, and a failure for any translation key missing in the rendered language.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { takeMissingKeys } from './i18n.ts';

// findBy*/waitFor give up after 1 s by default: a file's first screen (cold modules, a first tRPC answer, several
// reads in a row) takes several seconds on a busy shared 2-core machine. Waiting longer changes nothing for a
// test that passes; one that fails still fails.
configure({ asyncUtilTimeout: 10_000 });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};

// Mantine's autosizing Textarea listens for web fonts loading; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

// jsdom has no blob: URLs; fetched files (thumbnails) get a unique stand-in.
let objectUrls = 0;
URL.createObjectURL = () => {
  objectUrls += 1;
  return `blob:http://gateway.test/${objectUrls}`;
};
URL.revokeObjectURL = () => undefined;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  const missing = takeMissingKeys();
  expect(missing, 'translation keys missing from the catalogues').toEqual([]);
});
