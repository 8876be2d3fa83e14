import type { FastifyInstance } from 'fastify';

/**
 * Screens a visitor may open without an account (decisions.md 10) that stand alone at a fixed
 * path; a market's detail needs its id, found from the market list.
 */
export const PUBLIC_PAGES = [
  '/',
  '/market',
  '/nfts',
  '/help',
  '/help/faq',
  '/help/notice',
  '/introduction',
  '/profile/about',
] as const;

/** Signed-in screens, sign-in forms and the API: nothing a search engine should list. */
const NOT_FOR_CRAWLERS = ['/profile/', '/pass/', '/admin', '/swx/', '/dev/', '/docs', '/message'];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function robotsTxt(publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  return [
    'User-agent: *',
    ...NOT_FOR_CRAWLERS.map((p) => `Disallow: ${p}`),
    // The about page sits under /profile/ but is public.
    'Allow: /profile/about',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  const urls = PUBLIC_PAGES.map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** /robots.txt and /sitemap.xml, from PUBLIC_URL (without them the app's shell answered). */
export function crawlerRoutes(app: FastifyInstance, publicUrl: string): void {
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);
  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );
  app.get('/sitemap.xml', (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap),
  );
}
