import { Writable } from 'node:stream';
import type { DocumentSink } from '@/entry-server';

/**
 * The app's container in index.html. What it holds (a <noscript> line for the pages only the browser renders)
 * is replaced by the rendered page.
 */
const ROOT = /<div id="root">(?:<noscript>[\s\S]*?<\/noscript>)?<\/div>/;

/**
 * What React writes first when it renders into a container rather than a whole document: the metadata the
 * page rendered anywhere in its tree (<title>, <meta>, <link>), which React would hoist into <head> in the
 * browser. Everything from the first other tag on is the page itself.
 */
const HOISTED = /^(?:\s+|<title\b[^>]*>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)/;

/** Splits what React wrote so far into its leading metadata and the rest; null when more may still come. */
function takeHoisted(text: string, final: boolean): { hoisted: string; rest: string } | null {
  let index = 0;
  for (;;) {
    const match = HOISTED.exec(text.slice(index));
    if (!match) break;
    index += match[0].length;
  }
  // Ran to the end of what arrived: the next chunk may still be metadata (or a tag cut in two).
  if (index === text.length && !final) return null;
  if (!final && /^<[^>]*$/.test(text.slice(index))) return null;
  return { hoisted: text.slice(0, index), rest: text.slice(index) };
}

/** React's preload hints for the page's pictures (the LCP image a page marks fetchPriority high). */
const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*>/g;

/** The chunks a rendered page loads: the page's own module, and the first script (ssr/boot.ts) that loads the app. */
export interface PageScripts {
  page: string | null;
  boot: string | null;
}

const HEAD_END = '</head>';

/** The app's entry in the built index.html's head. */
const APP_ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The built index.html's head around the rendered page: the page's own metadata replaces the app's defaults.
 * On a phone's slow link the page's pictures come first: their preloads open the head, and the app's chunks lose
 * their modulepreload hints. The app's entry is replaced by the small first script (ssr/boot.ts), which loads the
 * page's own chunk and then the entry, which it names, once the page's picture is painted.
 */
function headWith(head: string, hoisted: string, scripts: PageScripts): string {
  let result = head.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  const entry = APP_ENTRY.exec(result);
  if (entry) {
    const [tag, app] = entry;
    const pageChunk = scripts.page ? `/${scripts.page}` : null;
    // Without the first script (a build without it), the page's chunk and the entry load at once, in that order.
    const loading = scripts.boot
      ? `<script type="module" crossorigin src="/${scripts.boot}" data-app="${app}"${pageChunk ? ` data-page-chunk="${pageChunk}"` : ''}></script>`
      : `${pageChunk ? `<script type="module" crossorigin src="${pageChunk}"></script>` : ''}${tag}`;
    // Replacers are functions throughout: a replacement string would read `$&`, `$'`... as patterns (issue 25).
    result = result.replace(tag, () => loading);
  }
  if (/<title\b/.test(hoisted)) result = result.replace(/<title\b[^>]*>[\s\S]*?<\/title>\s*/, '');
  if (/<meta\b[^>]*name="description"/.test(hoisted)) {
    result = result.replace(/<meta\s+name="description"[^>]*>\s*/, '');
  }
  const preloads = hoisted.match(IMAGE_PRELOAD)?.join('') ?? '';
  const metadata = hoisted.replace(IMAGE_PRELOAD, '');
  result = result.replace(/<meta name="viewport"[^>]*>/, (viewport) => `${viewport}${preloads}`);
  // head ends with its one </head> (splitDocument cuts it there): the page's metadata goes just before it.
  return `${result.slice(0, -HEAD_END.length)}${metadata}${HEAD_END}`;
}

export interface SplitDocument {
  /** A writable for React's stream: it writes the whole document, the page inside #root, into the sink. */
  writer(sink: DocumentSink, stateScript: string, scripts: PageScripts): Writable;
}

/** The template cut around its empty #root, ready to wrap rendered pages. */
export function splitDocument(template: string): SplitDocument {
  const root = ROOT.exec(template);
  if (!root) throw new Error('The web app template has no <div id="root"></div>.');
  const at = root.index;
  const headEnd = template.indexOf(HEAD_END);
  if (headEnd < 0 || headEnd > at) throw new Error('The web app template has no </head> before its #root.');
  const head = template.slice(0, headEnd + HEAD_END.length);
  const bodyStart = `${template.slice(headEnd + HEAD_END.length, at)}<div id="root">`;
  const afterRoot = template.slice(at + root[0].length);

  return {
    writer(sink, stateScript, scripts) {
      const decoder = new TextDecoder();
      let pending: string | null = '';
      const send = (text: string, done: (error?: Error | null) => void) => {
        if (text === '' || sink.write(text) !== false) done();
        else sink.once('drain', () => done());
      };
      const open = (final: boolean): string | null => {
        if (pending === null) return null;
        const split = takeHoisted(pending, final);
        if (!split) return null;
        pending = null;
        return headWith(head, split.hoisted, scripts) + bodyStart + split.rest;
      };
      return new Writable({
        write(chunk: Uint8Array | string, _encoding, done) {
          const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
          if (pending === null) return send(text, done);
          pending += text;
          send(open(false) ?? '', done);
        },
        final(done) {
          const rest = decoder.decode();
          if (pending !== null) pending += rest;
          const text = `${pending !== null ? (open(true) ?? '') : rest}</div>${stateScript}${afterRoot}`;
          send(text, (error) => {
            sink.end();
            done(error);
          });
        },
      });
    },
  };
}
