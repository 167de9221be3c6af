// Bundles the server and the workspace packages it uses into dist/; npm packages stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const external = new Set();
for (const file of ['./package.json', '../../packages/api/package.json', '../../packages/contracts/package.json']) {
  const pkg = JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
  for (const name of Object.keys(pkg.dependencies ?? {})) if (!name.startsWith('@caps/')) external.add(name);
}

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli/index.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external].flatMap((name) => [name, `${name}/*`]),
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
