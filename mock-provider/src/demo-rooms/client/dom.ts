// A small element builder: the demo rooms are plain DOM, no framework.

type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | number | boolean | ((event: Event) => void) | undefined>;

/**
 * Creates an element with attributes (`on*` become listeners) and children. `style` is applied through the CSSOM
 * (`style.setProperty`), never as an attribute: the rooms' CSP (style-src 'self', no 'unsafe-inline') blocks
 * inline style attributes, and Chromium logs each one as a violation.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === 'style') applyStyle(el, String(value));
    else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child);
  }
  return el;
}

/** Sets each `name: value` declaration of a style text on the element through the CSSOM. */
function applyStyle(el: HTMLElement, text: string): void {
  for (const declaration of text.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0)
      el.style.setProperty(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
  }
}

/** Initials of a person, for avatar discs. */
export function initials(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase() || '?';
}

/** A stable hue per person, so each avatar keeps its colour. */
export function hueOf(id: number): number {
  return (id * 137.508) % 360;
}

/** An avatar disc: initials on a colour of the person's own, named for screen readers by the title. */
export function avatar(person: { id: number; firstname: string; lastname: string }, size = 36): HTMLElement {
  const name = `${person.firstname} ${person.lastname}`.trim();
  return h(
    'span',
    {
      class: 'avatar',
      role: 'img',
      'aria-label': name,
      title: name,
      style: `--size:${size}px;--hue:${hueOf(person.id)}`,
    },
    initials(person.firstname, person.lastname),
  );
}
