import { describe, expect, it } from 'vitest';
import { prefs } from '../testing/fixtures.ts';
import { buildTheme, shadesOf, themeVariables } from './theme.ts';

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
