import { Writable } from 'node:stream';
import type { DocumentSink } from '@/entry-server';

const ROOT = '<div id="root"></div>';

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

/** The built index.html around the rendered page: the page's own metadata replaces the app's defaults. */
function headWith(head: string, hoisted: string): string {
  let result = head;
  if (/<title\b/.test(hoisted)) result = result.replace(/<title\b[^>]*>[\s\S]*?<\/title>\s*/, '');
  if (/<meta\b[^>]*name="description"/.test(hoisted)) {
    result = result.replace(/<meta\s+name="description"[^>]*>\s*/, '');
  }
  return result.replace('</head>', `${hoisted}</head>`);
}

export interface SplitDocument {
  /** A writable for React's stream: it writes the whole document, the page inside #root, into the sink. */
  writer(sink: DocumentSink, stateScript: string): Writable;
}

/** The template cut around its empty #root, ready to wrap rendered pages. */
export function splitDocument(template: string): SplitDocument {
  const at = template.indexOf(ROOT);
  if (at < 0) throw new Error('The web app template has no empty <div id="root"></div>.');
  const headEnd = template.indexOf('</head>');
  if (headEnd < 0 || headEnd > at) throw new Error('The web app template has no </head> before its #root.');
  const head = template.slice(0, headEnd + '</head>'.length);
  const bodyStart = template.slice(headEnd + '</head>'.length, at + ROOT.length - '</div>'.length);
  const tail = template.slice(at + ROOT.length - '</div>'.length);

  return {
    writer(sink, stateScript) {
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
        return headWith(head, split.hoisted) + bodyStart + split.rest;
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
