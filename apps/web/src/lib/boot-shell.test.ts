import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@showfloor/contracts';
import { posterUrl } from './api/files.ts';
import { BOOT_SHELL_ID, bootShellScript, removeBootShell } from './boot-shell.ts';

// The shell exactly as index.html ships it.
const indexHtml = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');
const shellHtml = /<div id="boot-shell"[\s\S]*?<div id="root">/
  .exec(indexHtml)?.[0]
  .replace('<div id="root">', '');

/** Runs the shell's script as the browser does, at `path`. */
function runAt(path: string): { shell: HTMLElement; image: HTMLImageElement } {
  window.history.replaceState(null, '', path);
  // The plugin's poster base comes from the same call the app's posterUrl uses.
  new Function(bootShellScript(posterUrl('X').replace(/\?.*$/, ''), STORAGE_KEYS.EVENT_CODE))();
  return {
    shell: document.getElementById(BOOT_SHELL_ID) as HTMLElement,
    image: document.getElementById(`${BOOT_SHELL_ID}-poster`) as HTMLImageElement,
  };
}

beforeEach(() => {
  expect(shellHtml).toBeDefined();
  document.body.innerHTML = shellHtml ?? '';
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the static first screen', () => {
  it("shows the poster of the link's event at the URL the auth layout's poster has", () => {
    const { shell, image } = runAt('/auth/login?event=DEMO');
    expect(image.getAttribute('src')).toBe(posterUrl('DEMO'));
    expect(shell).toHaveClass('has-poster');
  });

  it('takes the last event used in this browser when the link names none', () => {
    window.localStorage.setItem(STORAGE_KEYS.EVENT_CODE, 'EXPO');
    const { image } = runAt('/auth/registration');
    expect(image.getAttribute('src')).toBe(posterUrl('EXPO'));
  });

  it('shows the card alone without an event, outside the auth pages, and when the poster fails', () => {
    let { shell, image } = runAt('/auth/login');
    expect(image).not.toHaveAttribute('src');
    expect(shell).not.toHaveClass('has-poster');

    ({ image } = runAt('/lobby?event=DEMO'));
    expect(image).not.toHaveAttribute('src');

    ({ shell, image } = runAt('/auth/login?event=DEMO'));
    image.dispatchEvent(new Event('error'));
    expect(shell).not.toHaveClass('has-poster');
  });

  it('shows the poster when the parser inserts the shell and ends in one task (DOMContentLoaded first)', () => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/auth/login?event=DEMO');
    new Function(bootShellScript(posterUrl('X').replace(/\?.*$/, ''), STORAGE_KEYS.EVENT_CODE))();
    // As Chrome does without deferred scripts: DOMContentLoaded before the mutation observer's records.
    document.body.innerHTML = shellHtml ?? '';
    document.dispatchEvent(new Event('DOMContentLoaded'));
    const image = document.getElementById(`${BOOT_SHELL_ID}-poster`) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(posterUrl('DEMO'));
    expect(document.getElementById(BOOT_SHELL_ID)).toHaveClass('has-poster');
  });

  it('names the product and is gone once removed', () => {
    expect(document.getElementById(BOOT_SHELL_ID)).toHaveTextContent('Showfloor');
    removeBootShell();
    expect(document.getElementById(BOOT_SHELL_ID)).toBeNull();
    removeBootShell();
  });
});
