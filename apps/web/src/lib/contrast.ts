// WCAG contrast between two colours, and a background nudged until text on it is readable (4.5:1): styles that
// come as data (an SSO provider's button colours) must not make a control unreadable.

interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function parseHexColour(colour: string): Rgb | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return {
    r: Number.parseInt(full.slice(0, 2), 16),
    g: Number.parseInt(full.slice(2, 4), 16),
    b: Number.parseInt(full.slice(4, 6), 16),
  };
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

const toHex = ({ r, g, b }: Rgb): string =>
  `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** The background, darkened (or lightened, for dark text) just enough for 4.5:1; unchanged if already so. */
export function readableBackground(background: string, text: string, minimum = 4.5): string {
  const bg = parseHexColour(background);
  const fg = parseHexColour(text);
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
