// The multiplayer hall: a floor seen at an angle on a 2D canvas, stands along the walls, every visitor a disc
// with their name. The own disc moves with the arrow keys (or WASD) or a click; moves go to the app as `player`
// messages and come back from the others the same way.
import { hueOf, initials } from './dom.ts';

interface Walker {
  id: number;
  name: string;
  initials: string;
  x: number;
  y: number;
  tx: number;
  ty: number;
}

export interface Hall {
  /** Another visitor's move (a relayed `player` message). */
  remote(userId: number, event: string, data: Record<string, unknown> | undefined): void;
  stop(): void;
}

const STANDS = [
  { x: 0.08, y: 0.1, w: 0.22, h: 0.16, label: 'Kernel Booth' },
  { x: 0.39, y: 0.1, w: 0.22, h: 0.16, label: 'Analytical Engines' },
  { x: 0.7, y: 0.1, w: 0.22, h: 0.16, label: 'Talent Scouts' },
  { x: 0.08, y: 0.72, w: 0.22, h: 0.16, label: 'Navy Computing Lab' },
  { x: 0.7, y: 0.72, w: 0.22, h: 0.16, label: 'Showfloor Café' },
];
const PALETTE = ['--primary', '--secondary', '--accent', '--primary', '--secondary'];

// Positions survive a redraw of the page (someone arrived or left).
const walkers = new Map<number, Walker>();

/** A visitor's starting spot: spread over the open floor, the same for everyone who draws them. */
function spot(id: number): { x: number; y: number } {
  return { x: 0.2 + ((id * 0.37) % 0.6), y: 0.4 + ((id * 0.23) % 0.25) };
}

function walkerOf(person: { id: number; firstname: string; lastname: string }): Walker {
  let walker = walkers.get(person.id);
  if (!walker) {
    const { x, y } = spot(person.id);
    walker = {
      id: person.id,
      name: person.firstname,
      initials: initials(person.firstname, person.lastname),
      x,
      y,
      tx: x,
      ty: y,
    };
    walkers.set(person.id, walker);
  }
  return walker;
}

const clamp = (v: number) => Math.min(0.96, Math.max(0.04, v));

export function startHall(
  canvas: HTMLCanvasElement,
  me: { id: number; firstname: string; lastname: string },
  people: ReadonlyArray<{ id: number; firstname: string; lastname: string }>,
  send: (event: string, data: Record<string, unknown>) => void,
): Hall {
  const own = walkerOf(me);
  const present = new Set<number>([me.id, ...people.map((p) => p.id)]);
  for (const person of people) walkerOf(person);
  const g = canvas.getContext('2d')!;
  let running = true;
  let lastSent = 0;

  const moveTo = (x: number, y: number) => {
    own.tx = clamp(x);
    own.ty = clamp(y);
    const now = performance.now();
    if (now - lastSent > 120) {
      lastSent = now;
      send('move', { x: Number(own.tx.toFixed(3)), y: Number(own.ty.toFixed(3)) });
    }
  };

  canvas.addEventListener('keydown', (event) => {
    const step = 0.04;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
      a: [-step, 0],
      d: [step, 0],
      w: [0, -step],
      s: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(own.tx + move[0], own.ty + move[1]);
  });
  canvas.addEventListener('click', (event) => {
    const box = canvas.getBoundingClientRect();
    moveTo((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
  });

  const colour = (name: string) =>
    getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#3b5bdb';

  const draw = () => {
    if (!running) return;
    const width = canvas.clientWidth || 640;
    const height = canvas.clientHeight || 400;
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    // Floor: tiles that shrink towards the back wall, for depth.
    g.fillStyle = '#eef1f6';
    g.fillRect(0, 0, width, height);
    g.strokeStyle = 'rgba(33, 37, 41, 0.08)';
    for (let row = 0; row < 12; row += 1) {
      const y = (row / 12) ** 1.3 * height;
      g.beginPath();
      g.moveTo(0, y);
      g.lineTo(width, y);
      g.stroke();
    }
    for (let col = 0; col <= 16; col += 1) {
      g.beginPath();
      g.moveTo((col / 16) * width, 0);
      g.lineTo(width / 2 + (col / 16 - 0.5) * width * 1.4, height);
      g.stroke();
    }
    // Stands: a block with a front face, in the event's colours.
    STANDS.forEach((stand, index) => {
      const x = stand.x * width;
      const y = stand.y * height;
      const w = stand.w * width;
      const h = stand.h * height;
      g.fillStyle = colour(PALETTE[index] ?? '--primary');
      g.fillRect(x, y, w, h);
      g.fillStyle = 'rgba(0,0,0,0.25)';
      g.fillRect(x, y + h, w, 10);
      g.fillStyle = '#fff';
      g.font = `bold ${Math.max(11, Math.round(width / 60))}px system-ui, sans-serif`;
      g.textAlign = 'center';
      g.fillText(stand.label, x + w / 2, y + h / 2 + 4, w - 8);
    });
    // Visitors, back to front.
    const shown = [...walkers.values()].filter((w) => present.has(w.id)).sort((a, b) => a.y - b.y);
    for (const walker of shown) {
      walker.x += (walker.tx - walker.x) * 0.15;
      walker.y += (walker.ty - walker.y) * 0.15;
      const x = walker.x * width;
      const y = walker.y * height;
      const r = 12 + walker.y * 10;
      g.fillStyle = 'rgba(0,0,0,0.18)';
      g.beginPath();
      g.ellipse(x, y + r, r, r / 3, 0, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = `hsl(${hueOf(walker.id)} 55% 38%)`;
      g.beginPath();
      g.arc(x, y, r, 0, Math.PI * 2);
      g.fill();
      if (walker.id === own.id) {
        g.strokeStyle = colour('--accent');
        g.lineWidth = 3;
        g.stroke();
        g.lineWidth = 1;
      }
      g.fillStyle = '#fff';
      g.font = `bold ${Math.round(r * 0.8)}px system-ui, sans-serif`;
      g.textAlign = 'center';
      g.fillText(walker.initials, x, y + r * 0.3);
      g.fillStyle = '#212529';
      g.font = '12px system-ui, sans-serif';
      g.fillText(walker.name, x, y - r - 6);
    }
    requestAnimationFrame(draw);
  };
  draw();
  // Tell the others where this visitor stands.
  send('move', { x: own.tx, y: own.ty });

  return {
    remote(userId, event, data) {
      if (event !== 'move' || !data) return;
      const x = Number(data.x);
      const y = Number(data.y);
      if (!Number.isFinite(x) || !Number.isFinite(y)) return;
      const walker = walkers.get(userId);
      present.add(userId);
      if (walker) {
        walker.tx = clamp(x);
        walker.ty = clamp(y);
      }
    },
    stop() {
      running = false;
    },
  };
}
