// Writes <file>.br (brotli, best quality) and <file>.gz (gzip level 9) beside every compressible file of the
// built web app, so the server sends them as they are (@fastify/static preCompressed, apps/server/src/plugins/web.ts)
// instead of compressing the same bytes on every request. Run after `vite build`:
//   node scripts/precompress.mjs [folder...]   (default: dist beside this script's folder)
// A copy is kept only when it is smaller than the original; a stale copy from an earlier run is removed.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Text formats worth compressing (source maps are left out: only developers fetch them). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.html', '.json', '.txt', '.xml', '.webmanifest']);
/** Below this size the encoded copy saves less than the headers cost. */
const MIN_BYTES = 1024;

const encodings = [
  {
    extension: '.br',
    encode: (data) =>
      promisify(brotliCompress)(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { extension: '.gz', encode: (data) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }) },
];

async function* filesUnder(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes the encoded copies of one file; returns its size and the sizes of the copies it wrote, by extension. */
async function precompress(file) {
  const data = await readFile(file);
  const written = new Map();
  for (const { extension, encode } of encodings) {
    const target = file + extension;
    const encoded = data.length >= MIN_BYTES ? await encode(data) : null;
    if (encoded && encoded.length < data.length) {
      await writeFile(target, encoded);
      written.set(extension, encoded.length);
    } else {
      await rm(target, { force: true });
    }
  }
  return { original: data.length, written };
}

async function main() {
  const here = dirname(fileURLToPath(import.meta.url));
  const folders = process.argv.length > 2 ? process.argv.slice(2) : [join(here, '..', 'dist')];
  for (const folder of folders.map((f) => resolve(f))) {
    if (!(await stat(folder).catch(() => null))?.isDirectory()) throw new Error(`precompress: no folder ${folder}`);
    const files = [];
    for await (const file of filesUnder(folder)) if (COMPRESSIBLE.has(extname(file))) files.push(file);
    // zlib runs on libuv's threads: a few files at a time keep them busy without holding every file in memory.
    const results = [];
    const queue = [...files];
    const worker = async () => {
      for (let file = queue.shift(); file; file = queue.shift()) results.push(await precompress(file));
    };
    await Promise.all(Array.from({ length: Math.min(4, availableParallelism()) }, worker));
    const encoded = results.filter((r) => r.written.size > 0);
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    const before = encoded.reduce((sum, r) => sum + r.original, 0);
    const brotli = encoded.reduce((sum, r) => sum + (r.written.get('.br') ?? r.original), 0);
    console.log(
      `precompress: ${encoded.length} of ${files.length} text files in ${folder} (${kb(before)} -> ${kb(brotli)} brotli)`,
    );
  }
}

await main();
