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

/**
 * The built index.html's head around the rendered page: the page's own metadata replaces the app's defaults.
 * On a phone's slow link the page's pictures come first: their preloads open the head, and the app's chunks lose
 * their modulepreload hints and are fetched at low priority. The page's own chunk is loaded as a module script
 * before the app's entry, so the entry finds it and hydrates at once (before DOMContentLoaded): a click or a key
 * press from then on is kept by React and replayed, not lost.
 */
function headWith(head: string, hoisted: string, pageChunk: string | null): string {
  const pageScript = pageChunk
    ? `<script type="module" crossorigin fetchpriority="low" src="/${pageChunk}"></script>`
    : '';
  let result = head
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      '<script type="module" crossorigin ',
      `${pageScript}<script type="module" crossorigin fetchpriority="low" `,
    );
  if (/<title\b/.test(hoisted)) result = result.replace(/<title\b[^>]*>[\s\S]*?<\/title>\s*/, '');
  if (/<meta\b[^>]*name="description"/.test(hoisted)) {
    result = result.replace(/<meta\s+name="description"[^>]*>\s*/, '');
  }
  const preloads = hoisted.match(IMAGE_PRELOAD)?.join('') ?? '';
  const metadata = hoisted.replace(IMAGE_PRELOAD, '');
  result = result.replace(/(<meta name="viewport"[^>]*>)/, `$1${preloads}`);
  return result.replace('</head>', `${metadata}</head>`);
}

export interface SplitDocument {
  /** A writable for React's stream: it writes the whole document, the page inside #root, into the sink. */
  writer(sink: DocumentSink, stateScript: string, pageChunk?: string | null): Writable;
}

/** The template cut around its empty #root, ready to wrap rendered pages. */
export function splitDocument(template: string): SplitDocument {
  const root = ROOT.exec(template);
  if (!root) throw new Error('The web app template has no <div id="root"></div>.');
  const at = root.index;
  const headEnd = template.indexOf('</head>');
  if (headEnd < 0 || headEnd > at) throw new Error('The web app template has no </head> before its #root.');
  const head = template.slice(0, headEnd + '</head>'.length);
  const bodyStart = `${template.slice(headEnd + '</head>'.length, at)}<div id="root">`;
  const tail = `</div>${template.slice(at + root[0].length)}`;

  return {
    writer(sink, stateScript, pageChunk = null) {
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
        return headWith(head, split.hoisted, pageChunk) + bodyStart + split.rest;
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
          const text = (pending !== null ? (open(true) ?? '') : rest) + tail.replace('</div>', `</div>${stateScript}`);
          send(text, (error) => {
            sink.end();
            done(error);
          });
        },
      });
    },
  };
}
