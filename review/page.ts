/**
 * The review page: `GET /` on serve's listen address answers one static page
 * (review/assets) whose script and style are inlined and allowed by their
 * SHA-256 hashes in a strict Content-Security-Policy. The page talks to the
 * public API only (create, retrieve, content) with a key it holds in memory,
 * and works out what changed in the browser; the server adds no route but
 * this one, and tells the page nothing about the mapping.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export interface ReviewPage {
  readonly html: string;
  readonly csp: string;
}

/** The assets folder, from the sources (tests) or from dist/review (the built program). */
function assetsDir(): string {
  for (const dir of [path.join(__dirname, 'assets'), path.join(__dirname, '..', '..', 'review', 'assets')])
    if (existsSync(path.join(dir, 'review.html'))) return dir;
  throw new Error('review page assets not found');
}

const sha256 = (s: string): string => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

let page: ReviewPage | null = null;

export function reviewPage(): ReviewPage {
  if (page) return page;
  const dir = assetsDir();
  const read = (f: string): string => readFileSync(path.join(dir, f), 'utf8');
  const style = `\n${read('review.css')}`;
  const script = `\n${read('review.js')}`;
  const template = read('review.html');
  if (!template.includes('/*STYLE*/') || !template.includes('/*SCRIPT*/')) throw new Error('review page template');
  // replaced with functions: `$` in the assets is not a replacement pattern
  const html = template
    .replace(/\n\s*\/\*STYLE\*\/\n\s*/, () => style)
    .replace(/\n\s*\/\*SCRIPT\*\/\n\s*/, () => script);
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(style)}`,
    "connect-src 'self'",
    // the page's only image is its empty icon (`data:,`), so that the browser asks for no /favicon.ico
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  page = { html, csp };
  return page;
}

/** `GET /`: the page, outside the versioned API (not in the OpenAPI document), no key needed to load it. */
export function registerReviewPage(app: FastifyInstance): void {
  const { html, csp } = reviewPage();
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('Content-Security-Policy', csp)
      .header('X-Content-Type-Options', 'nosniff')
      .header('X-Frame-Options', 'DENY')
      .header('Referrer-Policy', 'no-referrer')
      .header('Cross-Origin-Opener-Policy', 'same-origin')
      .header('Cross-Origin-Resource-Policy', 'same-origin')
      .header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html),
  );
}
