import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Checkbox, DEFAULT_THEME, MantineProvider, Radio, Switch, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { prefs } from '../../testing/fixtures.ts';
import { contrastRatio, parseCssColour } from './contrast.ts';
import { buildTheme, shadesOf, themeVariables } from './theme.ts';

const WHITE = parseCssColour('#ffffff')!;
const GRAY_0 = parseCssColour(DEFAULT_THEME.colors.gray[0])!;

/** 'var(--mantine-color-red-9)' → Mantine's red.9 as a colour. */
function mantineColour(cssValue: string | undefined) {
  const [, name = '', shade = ''] = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(cssValue ?? '') ?? [];
  const hex = DEFAULT_THEME.colors[name]?.[Number(shade)];
  if (!hex) throw new Error(`not a Mantine palette colour: ${cssValue}`);
  return parseCssColour(hex)!;
}

function renderThemed(...children: ReturnType<typeof createElement>[]) {
  return render(createElement(MantineProvider, { theme: buildTheme([]), env: 'test' }, ...children));
}

describe('event theme', () => {
  it("builds the primary palette around the event's colour", () => {
    const shades = shadesOf('#1a7f37');
    expect(shades).toHaveLength(10);
    expect(shades?.[6]).toBe('#1a7f37');
    expect(shadesOf('not a colour')).toBeUndefined();
    const theme = buildTheme(prefs({ 'color-ui-primary': '#1a7f37', 'color-ui-accent-primary': '#abc' }));
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.accent?.[6]).toBe('#aabbcc');
    expect(buildTheme([]).primaryColor).toBeUndefined();
  });

  it("honours the visitor's reduced-motion setting, with or without event colours", () => {
    expect(buildTheme([]).respectReducedMotion).toBe(true);
    expect(buildTheme(prefs({ 'color-ui-primary': '#1a7f37' })).respectReducedMotion).toBe(true);
  });

  it('exposes backgrounds and label styles as CSS variables', () => {
    const resolve = themeVariables(
      prefs({
        'color-bg-primary': '#fafafa',
        label_font_bold: 'yes',
        label_opacity: '0.8',
        label_font_color: '#111111',
      }),
    );
    const { variables, light } = resolve({} as never);
    expect(variables).toMatchObject({
      '--sf-bg-primary': '#fafafa',
      '--sf-label-weight': '700',
      '--sf-label-opacity': '0.8',
      '--sf-label-color': '#111111',
    });
    expect(light['--mantine-color-anchor']).toBe('var(--mantine-color-blue-8)');
  });
});

describe('event colours given as rgb() or rgba()', () => {
  it('parses rgb() and rgba() like hex (the CssColourSchema accepts all of them)', () => {
    expect(shadesOf('rgb(26, 127, 55)')?.[6]).toBe('#1a7f37');
    expect(shadesOf('rgba(26,127,55,1)')?.[6]).toBe('#1a7f37');
    expect(shadesOf('rgb(100%, 0%, 50%)')?.[6]).toBe('#ff0080');
    const theme = buildTheme(
      prefs({ 'color-ui-primary': 'rgb(26, 127, 55)', 'color-ui-secondary': 'rgba(0, 0, 255, 0.5)' }),
    );
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.brand?.[6]).toBe('#1a7f37');
    expect(
      themeVariables(prefs({ 'color-ui-primary': 'rgb(26, 127, 55)' }))({} as never).light,
    ).toMatchObject({
      '--mantine-color-anchor': 'var(--mantine-color-brand-8)',
    });
  });

  it('composites transparency on white, for rgba() and for hex with alpha alike', () => {
    // Half-transparent blue over the white page shows as #8080ff.
    expect(shadesOf('rgba(0, 0, 255, 0.5)')?.[6]).toBe('#8080ff');
    expect(shadesOf('rgba(0, 0, 255, 50%)')?.[6]).toBe('#8080ff');
    expect(shadesOf('#0000ff80')?.[6]).toBe('#7f7fff');
    expect(shadesOf('rgba(0, 0, 255, 0)')?.[6]).toBe('#ffffff');
  });

  it('still rejects what is not a colour', () => {
    expect(shadesOf('rgb(1, 2)')).toBeUndefined();
    expect(shadesOf('hsl(120, 50%, 50%)')).toBeUndefined();
    expect(shadesOf('#12345')).toBeUndefined();
  });
});

describe('form control contrast (WCAG 1.4.3, 1.4.11, 2.4.7)', () => {
  it('draws field error text at 4.5:1 or more, on white and on gray.0', () => {
    const { light } = themeVariables([])({} as never);
    const error = mantineColour(light['--mantine-color-error']);
    expect(contrastRatio(error, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(error, GRAY_0)).toBeGreaterThanOrEqual(4.5);
    // With an event colour too.
    const branded = themeVariables(prefs({ 'color-ui-primary': '#ffd43b' }))({} as never).light;
    expect(branded['--mantine-color-error']).toBe(light['--mantine-color-error']);
  });

  it('draws secondary (dimmed) text at 4.5:1 or more, on white and on gray.0', () => {
    const { light } = themeVariables([])({} as never);
    const dimmed = mantineColour(light['--mantine-color-dimmed']);
    expect(contrastRatio(dimmed, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dimmed, GRAY_0)).toBeGreaterThanOrEqual(4.5);
  });

  it('draws the resting border of inputs, checkboxes and radios at 3:1 or more', () => {
    const { container } = renderThemed(
      createElement(TextInput, { label: 'Name' }),
      createElement(Checkbox, { label: 'Consent' }),
      createElement(Radio, { label: 'Option' }),
    );
    const wrapper = container.querySelector('.mantine-Input-wrapper') as HTMLElement;
    const checkbox = screen.getByRole('checkbox', { name: 'Consent' });
    const radio = screen.getByRole('radio', { name: 'Option' });
    // Mantine's stylesheet draws these borders with var(--mantine-color-gray-4), 1.5:1 on white.
    expect(contrastRatio(parseCssColour(DEFAULT_THEME.colors.gray[4])!, WHITE)).toBeLessThan(3);
    for (const element of [wrapper, checkbox, radio]) {
      const border = mantineColour(element.style.getPropertyValue('--mantine-color-gray-4'));
      expect(contrastRatio(border, WHITE)).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(border, GRAY_0)).toBeGreaterThanOrEqual(3);
    }
  });

  it('draws the track of a switch that is off at 3:1 or more', () => {
    const { container } = renderThemed(createElement(Switch, { label: 'Music' }));
    const track = container.querySelector('.mantine-Switch-track') as HTMLElement;
    // Mantine fills an off switch's track with var(--mantine-color-gray-3), 1.3:1 on white, without a border.
    expect(contrastRatio(parseCssColour(DEFAULT_THEME.colors.gray[3])!, WHITE)).toBeLessThan(3);
    const fill = mantineColour(track.style.getPropertyValue('--mantine-color-gray-3'));
    expect(contrastRatio(fill, WHITE)).toBeGreaterThanOrEqual(3);
  });

  it('keeps an event theme on the same controls', () => {
    const theme = buildTheme(prefs({ 'color-ui-primary': 'rgb(26, 127, 55)' }));
    expect(theme.components?.Input).toBeDefined();
    expect(theme.components?.Checkbox).toBeDefined();
    expect(theme.primaryColor).toBe('brand');
  });

  it("puts a 2 px focus ring in the event colour on focused inputs, after Mantine's stylesheet", () => {
    const src = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
    const css = readFileSync(resolve(src, 'styles/focus-ring.css'), 'utf8');
    expect(css).toMatch(/\.mantine-Input-input:focus-visible/);
    expect(css).toMatch(/outline: 2px solid var\(--sf-focus-ring, var\(--mantine-primary-color-filled\)\)/);
    const main = readFileSync(resolve(src, 'main.tsx'), 'utf8');
    const order = ['@mantine/core/styles.css', './styles/focus-ring.css'].map((f) => main.indexOf(`'${f}'`));
    expect(order[0]).toBeGreaterThanOrEqual(0);
    expect(order[1]).toBeGreaterThan(order[0] ?? Infinity);
  });

  it('darkens a light event colour for the focus ring until it shows 3:1 on white', () => {
    const { variables } = themeVariables(prefs({ 'color-ui-primary': '#ffd43b' }))({} as never);
    const ring = parseCssColour(variables['--sf-focus-ring'] ?? '');
    expect(ring).toBeDefined();
    expect(contrastRatio(ring!, WHITE)).toBeGreaterThanOrEqual(3);
    expect(themeVariables([])({} as never).variables['--sf-focus-ring']).toBeUndefined();
    // Mantine's default primary (blue.8 here) is already above 3:1.
    expect(contrastRatio(parseCssColour(DEFAULT_THEME.colors.blue[8])!, WHITE)).toBeGreaterThanOrEqual(3);
  });
});
