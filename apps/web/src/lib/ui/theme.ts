// The event's look (spec 01 §3 theme values) over Mantine: the UI colours become Mantine palettes, the
// backgrounds and 3D label styles become CSS variables for the pages that use them. Event colours may be any
// colour the contracts accept (hex with or without alpha, rgb(), rgba()); transparency is composited on white.
//
// Form controls meet WCAG 2.2 whatever the event's colours: error text at least 4.5:1 (1.4.3), the borders of
// inputs, checkboxes and radios at least 3:1 (1.4.11) and a 2 px focus ring on inputs (2.4.7, 2.4.13; its rule is
// styles/focus-ring.css, its colour `--sf-focus-ring` below).
import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeComponents,
  type MantineThemeOverride,
} from '@mantine/core';
import { findPreference, type Preference } from '@showfloor/contracts';
import { parseCssColour, readableBackground, toHex, type Rgb } from './contrast.ts';

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

/**
 * Mantine draws the resting border of inputs, checkboxes and radios in gray.4 (#ced4da, 1.5:1 on white). Inside
 * those elements gray.4 is pointed at gray.6 (#868e96, 3.3:1), so only the resting border darkens: the checked,
 * error, success, focus and disabled states keep their own colours, and the dark scheme (dark.4) is untouched.
 * A switch's resting track (gray.3) gets the same shade.
 */
export const CONTROL_BORDER_SHADE = 'gray.6';
/** The shade of error text (`--mantine-color-error`) on light backgrounds. */
export const ERROR_SHADE = 'red.9';
/** 'red.9' → 'var(--mantine-color-red-9)'. */
const colourVar = (shade: string): string => `var(--mantine-color-${shade.replace('.', '-')})`;

const strongerResting = { '--mantine-color-gray-4': colourVar(CONTROL_BORDER_SHADE) };
/** A switch that is off is a gray.3 track without a border (1.3:1): its track takes the same gray.6. */
const strongerSwitchTrack = { '--mantine-color-gray-3': colourVar(CONTROL_BORDER_SHADE) };

/** Default styles of the form controls (the Input entry covers every text-like input: TextInput, Select, ...). */
const controlComponents: MantineThemeComponents = {
  Input: { styles: { wrapper: strongerResting } },
  Checkbox: { styles: { input: strongerResting } },
  CheckboxIndicator: { styles: { indicator: strongerResting } },
  Radio: { styles: { radio: strongerResting } },
  RadioIndicator: { styles: { indicator: strongerResting } },
  Switch: { styles: { track: strongerSwitchTrack } },
  // A notification's text under its title is Mantine's gray.6 (3.3:1 on white): gray.7, like the dimmed text.
  Notification: { styles: { description: { color: colourVar('gray.7') } } },
};

/** Mantine theme from the event preferences; without them, Mantine's defaults. */
export function buildTheme(preferences: readonly Preference[]): MantineThemeOverride {
  const primary = shadesOf(colourPreference(preferences, 'color-ui-primary') ?? '');
  const secondary = shadesOf(colourPreference(preferences, 'color-ui-secondary') ?? '');
  const accent = shadesOf(colourPreference(preferences, 'color-ui-accent-primary') ?? '');
  return createTheme({
    // A visitor who asks the system for reduced motion gets modals, drawers and menus without their slide and
    // fade (Mantine animates them regardless unless told; WCAG 2.3.3).
    respectReducedMotion: true,
    // Text on coloured buttons follows the colour's luminance, so any event colour stays readable.
    autoContrast: true,
    // Without an event colour, Mantine's blue at shade 8 keeps white text above 4.5:1 (shade 6 does not).
    primaryShade: primary ? 6 : 8,
    // The spec's breakpoints: 600 px (auth and general) and 960 px (dashboard, mini-map controls).
    breakpoints: { xs: '37.5em', sm: '48em', md: '60em', lg: '75em', xl: '88em' },
    components: controlComponents,
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
  const primaryShades = shadesOf(colourPreference(preferences, 'color-ui-primary') ?? '');
  // The focus ring: the event's primary, darkened until it stands out 3:1 from a white page.
  if (primaryShades) vars['--sf-focus-ring'] = readableBackground(primaryShades[6], '#ffffff', 3);
  const primary = primaryShades ? 'brand' : 'blue';
  const light = {
    // Links use a dark shade of the primary colour so small link text keeps a 4.5:1 contrast on white.
    '--mantine-color-anchor': `var(--mantine-color-${primary}-8)`,
    // Field errors: Mantine's red.6 is 3.3:1 on white; red.9 is 5.5:1 (5.2:1 on gray.0).
    '--mantine-color-error': colourVar(ERROR_SHADE),
    // Secondary text (input descriptions, NavLink descriptions, c="dimmed"): Mantine's gray.6 is 3.3:1 on white;
    // gray.7 is 8:1.
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  };
  return () => ({ variables: vars, light, dark: {} });
}
