import type { buildOpenApi } from './openapi.js';

const escapeHtml = (value: unknown) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A readable, self-contained HTML page of the OpenAPI document (no scripts, no outside assets). */
export function docsPage(document: ReturnType<typeof buildOpenApi>): string {
  const sections = Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, op]) => {
        const operation = op as {
          summary: string;
          tags: string[];
          security?: unknown[];
          'x-role'?: string;
          parameters?: { name: string; in: string; required: boolean }[];
          requestBody?: { content: Record<string, { schema: unknown }> };
          responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
        };
        const role = operation['x-role'];
        const who = role
          ? `bearer token, role: ${escapeHtml(role)}`
          : operation.security?.length
            ? 'public, bearer token optional'
            : 'public';
        const params = (operation.parameters ?? [])
          .map(
            (p) =>
              `<li><code>${escapeHtml(p.name)}</code> in ${escapeHtml(p.in)}${p.required ? ' (required)' : ''}</li>`,
          )
          .join('');
        const body = operation.requestBody
          ? Object.entries(operation.requestBody.content)
              .map(
                ([type, c]) =>
                  `<details><summary>Body: ${escapeHtml(type)}</summary><pre>${escapeHtml(JSON.stringify(c.schema, null, 2))}</pre></details>`,
              )
              .join('')
          : '';
        const responses = Object.entries(operation.responses)
          .map(([code, r]) => {
            const schema = r.content?.['application/json']?.schema;
            return `<li><strong>${escapeHtml(code)}</strong> ${escapeHtml(r.description)}${schema ? `<details><summary>Schema</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>` : ''}</li>`;
          })
          .join('');
        return `<section id="${escapeHtml(`${method}-${path}`)}"><h3><span class="m ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>/api${escapeHtml(path)}</code></h3>
<p>${escapeHtml(operation.summary)} — <em>${who}</em></p>
${params ? `<p>Parameters:</p><ul>${params}</ul>` : ''}${body}<p>Responses:</p><ul>${responses}</ul></section>`;
      }),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1c1917;line-height:1.5}
section{border-top:1px solid #e7e5e4;padding:.5rem 0}code{background:#f5f5f4;padding:0 .25rem;border-radius:4px}
pre{background:#f5f5f4;padding:.75rem;overflow:auto;font-size:.8rem}.m{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .3rem}
.get{background:#15803d}.post{background:#1d4ed8}.put{background:#b45309}.delete{background:#b91c1c}a:focus,summary:focus{outline:2px solid #1d4ed8}</style></head>
<body><h1>${escapeHtml(document.info.title)}</h1><p>${escapeHtml(document.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
${sections}</body></html>`;
}
