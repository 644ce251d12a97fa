import { describe, expect, it } from 'vitest';
import { bytesByFunction, frameKey, packageOf, topFunctions, type ProfileNode } from './alloc.ts';

function node(functionName: string, selfSize: number, children: ProfileNode[] = [], line = 0): ProfileNode {
  return {
    callFrame: {
      functionName,
      url: functionName ? 'file:///app/dist/main.js' : '',
      lineNumber: line,
      columnNumber: 0,
    },
    selfSize,
    children,
  };
}

describe('bytesByFunction', () => {
  it('gives each function its own bytes and its subtree, the synthetic root left out', () => {
    const head = node('', 0, [
      node('dispatch', 10, [node('parse', 100), node('request', 50, [node('stringify', 25)])]),
      node('parse', 5),
    ]);
    const { total, functions } = bytesByFunction({ head });
    expect(total).toBe(190);
    const byName = new Map(functions.map((bytes) => [bytes.key.split(' ')[0], bytes]));
    expect(byName.has('(anonymous)')).toBe(false);
    expect(byName.get('dispatch')).toMatchObject({ self: 10, total: 185 });
    // Two call sites of the same function: both subtrees, both selves.
    expect(byName.get('parse')).toMatchObject({ self: 105, total: 105 });
    expect(byName.get('request')).toMatchObject({ self: 50, total: 75 });
  });

  it('counts a recursive function’s subtree once in its total', () => {
    const head = node('', 0, [node('walk', 1, [node('walk', 2, [node('walk', 4)])])]);
    const walk = bytesByFunction({ head }).functions.find((bytes) => bytes.key.startsWith('walk'));
    expect(walk).toMatchObject({ self: 7, total: 7 });
  });

  it('tells functions of the same name on different lines apart', () => {
    const head = node('', 0, [node('emit', 3, [], 10), node('emit', 4, [], 20)]);
    const keys = bytesByFunction({ head }).functions.map((bytes) => bytes.key);
    expect(keys).toEqual(['emit (dist/main.js:11)', 'emit (dist/main.js:21)']);
  });
});

describe('topFunctions', () => {
  it('sorts by the chosen figure, largest first, and keeps only the ones asked for', () => {
    const functions = [
      { key: 'a (x.js:1)', url: 'file:///x.js', self: 5, total: 50 },
      { key: 'b (y.js:1)', url: 'file:///y.js', self: 30, total: 30 },
      { key: 'c (x.js:2)', url: 'file:///x.js', self: 0, total: 40 },
    ];
    expect(topFunctions(functions, 'self', 5).map((bytes) => bytes.key)).toEqual([
      'b (y.js:1)',
      'a (x.js:1)',
    ]);
    expect(topFunctions(functions, 'total', 2).map((bytes) => bytes.key)).toEqual([
      'a (x.js:1)',
      'c (x.js:2)',
    ]);
    expect(topFunctions(functions, 'total', 5, (bytes) => bytes.key.includes('x.js'))).toHaveLength(2);
  });
});

describe('packageOf', () => {
  it('names npm packages from pnpm’s folders, node’s own modules, and the application', () => {
    const store = 'file:///repo/node_modules/.pnpm';
    expect(packageOf(`${store}/zod@4.6.7/node_modules/zod/v4/core/schemas.js`)).toBe('zod');
    expect(
      packageOf(
        `${store}/@socket.io+redis-adapter@8.3.0_x/node_modules/@socket.io/redis-adapter/dist/index.js`,
      ),
    ).toBe('@socket.io/redis-adapter');
    expect(packageOf('file:///repo/node_modules/ws/lib/sender.js')).toBe('ws');
    expect(packageOf('node:internal/streams/writable')).toBe('node');
    expect(packageOf('file:///repo/apps/gateway/dist/main.js')).toBe('app');
    // Generated code and V8's builtins belong to their caller's package.
    expect(packageOf('', 'zod')).toBe('zod');
  });

  it('gives bytes of frames without a URL to the package that called them', () => {
    const zod = 'file:///r/node_modules/.pnpm/zod@4.6.7/node_modules/zod/v4/core/schemas.js';
    const head: ProfileNode = {
      callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1 },
      selfSize: 0,
      children: [
        {
          callFrame: { functionName: 'parse', url: zod, lineNumber: 1, columnNumber: 0 },
          selfSize: 8,
          children: [node('', 32), node('handler', 4)],
        },
      ],
    };
    const { packages } = bytesByFunction({ head });
    expect(Object.fromEntries(packages)).toEqual({ zod: 40, app: 4 });
  });
});

describe('frameKey', () => {
  it('names native frames without a file', () => {
    expect(frameKey({ functionName: '(V8 API)', url: '', lineNumber: -1, columnNumber: -1 })).toBe(
      '(V8 API)',
    );
  });
});
