// The event's look (spec 01 §3 theme values) over Mantine: the UI colours become Mantine palettes, the
// backgrounds and 3D label styles become CSS variables for the pages that use them. Event colours may be any
// colour the contracts accept (hex with or without alpha, rgb(), rgba()); transparency is composited on white.
import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import { findPreference, type Preference } from '@showfloor/contracts';
import { parseCssColour, type Rgb } from './contrast.ts';

const toHex = ({ r, g, b }: Rgb): string =>
  `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const mix = (a: Rgb, b: Rgb, share: number): Rgb => ({
  r: a.r + (b.r - a.r) * share,
  g: a.g + (b.g - a.g) * share,
  b: a.b + (b.b - a.b) * share,
});

/** Ten shades around one colour (index 6, Mantine's primary shade, is the colour itself). */
export function shadesOf(colour: string): MantineColorsTuple | undefined {
  const base = parseCssColour(colour);
  if (!base) return undefined;
  const white = { r: 255, g: 255, b: 255 };
  const black = { r: 0, g: 0, b: 0 };
  const shades = [0.9, 0.78, 0.62, 0.46, 0.3, 0.15, 0, 0.12, 0.24, 0.36].map((share, i) =>
    toHex(i < 6 ? mix(base, white, share) : mix(base, black, share)),
  );
  return shades as unknown as MantineColorsTuple;
}

function colourPreference(preferences: readonly Preference[], name: Parameters<typeof findPreference>[1]) {
  const value = findPreference(preferences, name);
  return typeof value === 'string' && value ? value : undefined;
}

/** Mantine theme from the event preferences; without them, Mantine's defaults. */
export function buildTheme(preferences: readonly Preference[]): MantineThemeOverride {
  const primary = shadesOf(colourPreference(preferences, 'color-ui-primary') ?? '');
  const secondary = shadesOf(colourPreference(preferences, 'color-ui-secondary') ?? '');
  const accent = shadesOf(colourPreference(preferences, 'color-ui-accent-primary') ?? '');
  return createTheme({
    // Text on coloured buttons follows the colour's luminance, so any event colour stays readable.
    autoContrast: true,
    // Without an event colour, Mantine's blue at shade 8 keeps white text above 4.5:1 (shade 6 does not).
    primaryShade: primary ? 6 : 8,
    // The spec's breakpoints: 600 px (auth and general) and 960 px (dashboard, mini-map controls).
    breakpoints: { xs: '37.5em', sm: '48em', md: '60em', lg: '75em', xl: '88em' },
    ...(primary ? { primaryColor: 'brand' } : {}),
    colors: {
      ...(primary ? { brand: primary } : {}),
      ...(secondary ? { secondary } : {}),
      ...(accent ? { accent } : {}),
    },
  });
}

/** CSS variables for backgrounds and room labels (values not given are left to the stylesheet). */
export function themeVariables(preferences: readonly Preference[]): CSSVariablesResolver {
  const vars: Record<string, string> = {};
  const set = (cssName: string, name: Parameters<typeof findPreference>[1]) => {
    const value = colourPreference(preferences, name);
    if (value) vars[cssName] = value;
  };
  set('--sf-bg-primary', 'color-bg-primary');
  set('--sf-bg-secondary', 'color-bg-secondary');
  set('--sf-label-bg', 'label_background_color');
  set('--sf-label-dark-bg', 'label_dark_background_color');
  set('--sf-label-color', 'label_font_color');
  set('--sf-label-opacity', 'label_opacity');
  const bold = findPreference(preferences, 'label_font_bold');
  if (bold) vars['--sf-label-weight'] = bold === 'yes' ? '700' : '400';
  // Links use a dark shade of the primary colour so small link text keeps a 4.5:1 contrast on white.
  const primary = shadesOf(colourPreference(preferences, 'color-ui-primary') ?? '') ? 'brand' : 'blue';
  const light = { '--mantine-color-anchor': `var(--mantine-color-${primary}-8)` };
  return () => ({ variables: vars, light, dark: {} });
}
