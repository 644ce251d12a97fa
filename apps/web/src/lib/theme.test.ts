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
