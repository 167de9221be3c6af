import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering rule, checked on the source text: the tRPC layer (trpc.ts, procedures.ts, root.ts and the
 * routers) sits on the services, and both sit on access/ (who is calling, what role they need); nothing
 * points back up, and no file reaches itself through its imports (type-only imports count: they tie the
 * files together just the same).
 */

const SRC = resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

// `import … from './x.js'`, `import type …`, `export … from './x.js'` (whatever stands between the keyword
// and `from`, comments included), `import './x.js'` and `import('./x.js')`.
// A specifier holding `${` is code that writes code (the migration generator's index), not an import.
const IMPORT = /\bfrom\s*['"](\.{1,2}\/[^'"$]+)['"]|\bimport\s*\(?\s*['"](\.{1,2}\/[^'"$]+)['"]/g;

/** The source files a file imports by relative path, as paths relative to src. */
export function relativeImports(file: string, text: string): string[] {
  const targets = new Set<string>();
  for (const match of text.matchAll(IMPORT)) {
    const specifier = (match[1] ?? match[2]) as string;
    const base = resolve(dirname(file), specifier);
    const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
    const target = candidates.find((candidate) => existsSync(candidate) && candidate.endsWith('.ts'));
    if (!target) throw new Error(`${relative(SRC, file)} imports ${specifier}, which is no source file`);
    targets.add(relative(SRC, target));
  }
  return [...targets].sort();
}

/** Every file of src with what it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC).sort()) {
    graph.set(relative(SRC, file), relativeImports(file, readFileSync(file, 'utf8')));
  }
  return graph;
}

/**
 * One cycle per strongly connected group of files (Tarjan), written `a.ts → b.ts → a.ts`, followed by the
 * group's other files when it holds more than that one cycle.
 */
export function cyclesOf(graph: Map<string, string[]>): string[] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || graph.get(node)?.includes(node)) groups.push(group);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups.map((group) => {
    // A shortest way back to the first file of the group, through files of the group only.
    const members = new Set(group);
    const start = [...group].sort()[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    let last: string | undefined;
    while (queue.length > 0 && last === undefined) {
      const node = queue.shift()!;
      for (const next of graph.get(node) ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          last = node;
          break;
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    const path = [start];
    for (let node = last!; node !== start; node = previous.get(node)!) path.splice(1, 0, node);
    const cycle = [...path, start].join(' → ');
    const others = group.filter((file) => !path.includes(file)).sort();
    return others.length === 0 ? cycle : `${cycle} (the same knot also holds ${others.join(', ')})`;
  });
}

const TRPC_LAYER = new Set(['trpc.ts', 'procedures.ts', 'root.ts']);
const isRouter = (file: string) => file.endsWith('.router.ts');
const isService = (file: string) => file.startsWith('modules/') && file.endsWith('.service.ts');

describe('import graph of packages/api/src', () => {
  const graph = importGraph();

  it('reads every kind of relative import', () => {
    const file = join(SRC, 'modules/auth/auth.router.ts');
    const text = [
      "import { a } from '../../trpc.js';",
      "import type { B } from './auth.service.js';",
      "import {\n  c, // the 'c' of it: {x}\n  type D,\n} from '../../errors.js';",
      "export { e } from '../../access/roles.js';",
      "export * as f from './auth.mapper.js';",
      "const g = await import('./password.js');",
      "import { z } from 'zod';",
    ].join('\n');
    expect(relativeImports(file, text)).toEqual([
      'access/roles.ts',
      'errors.ts',
      'modules/auth/auth.mapper.ts',
      'modules/auth/auth.service.ts',
      'modules/auth/password.ts',
      'trpc.ts',
    ]);
    expect(
      cyclesOf(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', ['a.ts', 'd.ts']],
          ['d.ts', []],
        ]),
      ),
    ).toEqual(['a.ts → b.ts → c.ts → a.ts']);
  });

  it('has no cycle, type-only imports included', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('keeps db/ to the ORM setup and the migrations (seeding lives in seed/)', () => {
    // read.ts: which connection (primary or a read replica) a read goes to.
    const ormSetup = ['db/create-migrations.ts', 'db/entities.ts', 'db/kobo.ts', 'db/orm.ts', 'db/read.ts'];
    const others = [...graph.keys()].filter(
      (file) => file.startsWith('db/') && !ormSetup.includes(file) && !file.startsWith('db/migrations/'),
    );
    expect(others).toEqual([]);
  });

  it('keeps modules (services, entities, mappers) below the tRPC layer', () => {
    const upward = [...graph]
      .filter(([file]) => file.startsWith('modules/') && !isRouter(file))
      .flatMap(([file, imports]) =>
        imports.filter((target) => TRPC_LAYER.has(target) || isRouter(target)).map((target) => `${file} → ${target}`),
      );
    expect(upward).toEqual([]);
  });

  it('keeps the request context, the access rules and the procedures off the services', () => {
    const requestLayer = [...graph.keys()].filter(
      (file) => ['context.ts', 'procedures.ts', 'trpc.ts'].includes(file) || file.startsWith('access/'),
    );
    expect(requestLayer).toContain('access/session.ts');
    const down = requestLayer.flatMap((file) =>
      (graph.get(file) ?? []).filter(isService).map((target) => `${file} → ${target}`),
    );
    expect(down).toEqual([]);
  });
});

describe('tests of other workspaces', () => {
  it('reach this package through its exports (@caps/api, @caps/api/testing), never by relative path', () => {
    const root = resolve(import.meta.dirname, '../../..');
    const folders = ['apps/server/test', 'apps/web/e2e'].map((folder) => join(root, folder));
    expect(folders.every((folder) => existsSync(folder))).toBe(true);
    const reaching = folders
      .flatMap((folder) => sourceFiles(folder))
      .filter((file) => /from\s*['"](\.\.\/)+packages\/api\//.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(reaching).toEqual([]);
  });
});
