// WCAG contrast between two colours, and a background nudged until text on it is readable (4.5:1): styles that
// come as data (an SSO provider's button colours) must not make a control unreadable.

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };

/** A channel of rgb(): 0-255 or a percentage. */
function rgbChannel(value: string): number {
  const n = Number.parseFloat(value);
  return Math.min(255, Math.max(0, value.endsWith('%') ? (n / 100) * 255 : n));
}

/** An alpha value: 0-1 or a percentage. */
function alphaOf(value: string | undefined): number {
  if (value === undefined) return 1;
  const n = Number.parseFloat(value);
  return Math.min(1, Math.max(0, value.endsWith('%') ? n / 100 : n));
}

/** A colour with transparency as it shows over a white page (alpha composited on white). */
function overWhite(colour: Rgb, alpha: number): Rgb {
  return {
    r: colour.r * alpha + WHITE.r * (1 - alpha),
    g: colour.g * alpha + WHITE.g * (1 - alpha),
    b: colour.b * alpha + WHITE.b * (1 - alpha),
  };
}

/**
 * Any colour the contracts' CssColourSchema accepts: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb() and rgba() (channels
 * 0-255 or percentages). Transparency is composited on white, the page the event's colours sit on, so a palette
 * or a contrast check works with the colour people actually see (the value itself stays as given in CSS).
 */
export function parseCssColour(colour: string): Rgb | undefined {
  const value = colour.trim();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const rgb = {
      r: Number.parseInt(full.slice(0, 2), 16),
      g: Number.parseInt(full.slice(2, 4), 16),
      b: Number.parseInt(full.slice(4, 6), 16),
    };
    return full.length === 8 ? overWhite(rgb, Number.parseInt(full.slice(6, 8), 16) / 255) : rgb;
  }
  const fn = /^rgba?\(\s*([\d.]+%?)\s*,\s*([\d.]+%?)\s*,\s*([\d.]+%?)\s*(?:,\s*([\d.]+%?)\s*)?\)$/i.exec(
    value,
  );
  if (!fn) return undefined;
  const [, r = '', g = '', b = '', a] = fn;
  if ([r, g, b, a].some((part) => part !== undefined && Number.isNaN(Number.parseFloat(part))))
    return undefined;
  return overWhite({ r: rgbChannel(r), g: rgbChannel(g), b: rgbChannel(b) }, alphaOf(a));
}

function luminance({ r, g, b }: Rgb): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** #rrggbb of a colour (channels rounded and clamped to 0-255). */
export const toHex = ({ r, g, b }: Rgb): string =>
  `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** The background, darkened (or lightened, for dark text) just enough for 4.5:1; unchanged if already so. */
export function readableBackground(background: string, text: string, minimum = 4.5): string {
  const bg = parseCssColour(background);
  const fg = parseCssColour(text);
  if (!bg || !fg || contrastRatio(bg, fg) >= minimum) return background;
  const towards = luminance(fg) > luminance(bg) ? 0 : 255;
  for (let share = 0.05; share <= 1; share += 0.05) {
    const next = {
      r: bg.r + (towards - bg.r) * share,
      g: bg.g + (towards - bg.g) * share,
      b: bg.b + (towards - bg.b) * share,
    };
    if (contrastRatio(next, fg) >= minimum) return toHex(next);
  }
  return towards === 0 ? '#000000' : '#ffffff';
}
