import { type Em, type Services, sitemapService } from '@caps/api';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The most URLs one sitemap may hold (sitemaps.org); beyond it /sitemap.xml is an index of sitemaps. */
export const SITEMAP_PAGE_SIZE = 50_000;

/** The storefront's pages without an id (spec 2), in the order a visitor meets them. */
const STATIC_PAGES = ['/', '/browse-caps', '/shops', '/about', '/contact', '/terms', '/returns'];

/**
 * Paths crawlers are asked to leave alone: the API (except the product pictures), accounts, carts, orders,
 * payments, the dashboards and the developer pages. Everything else (the storefront) is allowed.
 */
const DISALLOWED = [
  '/api/',
  '/trpc/',
  '/payment-sandbox/',
  '/cart',
  '/checkout',
  '/orders',
  '/order/',
  '/order-success',
  '/payment/',
  '/settings',
  '/notifications',
  '/vendor/',
  '/admin/',
  '/auth',
  '/forgot-password',
  '/reset-password',
  '/backend-test',
  '/performance-test',
  '/product-test',
  '/order-test',
];

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** W3C datetime to the second, as sitemaps.org asks for lastmod. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

interface SitemapUrl {
  path: string;
  lastmod?: Date;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAPS_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(base: string, urls: SitemapUrl[]): string {
  const entries = urls.map(
    ({ path, lastmod }) =>
      `<url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ''}</url>\n`,
  );
  return `${XML_HEAD}<urlset xmlns="${SITEMAPS_NS}">\n${entries.join('')}</urlset>\n`;
}

function sitemapIndex(base: string, paths: string[]): string {
  const entries = paths.map((path) => `<sitemap><loc>${escapeXml(base + path)}</loc></sitemap>\n`);
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAPS_NS}">\n${entries.join('')}</sitemapindex>\n`;
}

const PAGE_PATH = { shops: '/shop/', products: '/product/' } as const;

const notFound = (reply: FastifyReply) =>
  reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND', error: 'Not Found', statusCode: 404 });

/**
 * GET /robots.txt and GET /sitemap.xml (issue 15), served whether or not the web app is built. The sitemap
 * lists the static storefront pages, every listed shop (/shop/{id}) and every listed product (/product/{id}),
 * as GET /api/vendors and the catalogue show them, on PUBLIC_URL, read from the database on every request
 * (so a suspended shop's caps are gone at once; compression.ts gives it an ETag). Past `pageSize` URLs,
 * /sitemap.xml is an index of /sitemap-pages.xml, /sitemap-shops-{n}.xml and /sitemap-products-{n}.xml,
 * each of at most `pageSize` URLs.
 */
export async function seoFilesPlugin(app: FastifyInstance, options: { services: Services; pageSize?: number }) {
  const { services } = options;
  const pageSize = options.pageSize ?? SITEMAP_PAGE_SIZE;
  const base = services.config.publicUrl;
  const em = () => services.orm.em.fork() as Em;

  const robots = [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/images/',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').send(robots));

  const xml = (reply: FastifyReply, body: string) =>
    reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(body);
  const urlsOf = (kind: sitemapService.SitemapKind, items: sitemapService.SitemapItem[]): SitemapUrl[] =>
    items.map((item) => ({ path: `${PAGE_PATH[kind]}${item.id}`, lastmod: item.updatedAt }));

  app.get('/sitemap.xml', async (_request, reply) => {
    // One query per kind; only past a page of URLs do the counts say how many pages there are.
    const [shops, products] = await Promise.all([
      sitemapService.sitemapItems(em(), 'shops', 0, pageSize + 1),
      sitemapService.sitemapItems(em(), 'products', 0, pageSize + 1),
    ]);
    if (STATIC_PAGES.length + shops.length + products.length <= pageSize) {
      return xml(
        reply,
        urlset(base, [
          ...STATIC_PAGES.map((path) => ({ path })),
          ...urlsOf('shops', shops),
          ...urlsOf('products', products),
        ]),
      );
    }
    const [shopCount, productCount] = await Promise.all([
      sitemapService.sitemapCount(em(), 'shops'),
      sitemapService.sitemapCount(em(), 'products'),
    ]);
    const pages = (kind: string, count: number) =>
      Array.from({ length: Math.ceil(count / pageSize) }, (_, i) => `/sitemap-${kind}-${i + 1}.xml`);
    return xml(
      reply,
      sitemapIndex(base, ['/sitemap-pages.xml', ...pages('shops', shopCount), ...pages('products', productCount)]),
    );
  });

  app.get('/sitemap-pages.xml', (_request, reply) =>
    xml(
      reply,
      urlset(
        base,
        STATIC_PAGES.map((path) => ({ path })),
      ),
    ),
  );
  for (const kind of ['shops', 'products'] as const) {
    app.get(`/sitemap-${kind}-:page.xml`, async (request, reply) => {
      const { page } = request.params as { page: string };
      if (!/^[1-9]\d{0,8}$/.test(page)) return notFound(reply);
      const offset = (Number(page) - 1) * pageSize;
      const urls = urlsOf(kind, await sitemapService.sitemapItems(em(), kind, offset, pageSize));
      return urls.length === 0 ? notFound(reply) : xml(reply, urlset(base, urls));
    });
  }
}
