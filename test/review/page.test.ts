/**
 * The review page as served: `GET /` with the page and a strict
 * Content-Security-Policy whose hashes allow exactly its inline script and
 * style; off when the app is built without it; never in the OpenAPI document.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/app';
import { DEFAULT_API_CONFIG } from '../../api/config';
import { openMemoryDatabase, type DatabaseHandle } from '../../db/client';
import { reviewPage } from '../../review/page';
import { createBlobStore } from '../../storage';
import { Command } from 'commander';
import { addServeOptions, resolveConfig } from '../../cli/config';

const hash = (s: string): string => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

describe('review page', () => {
  it('inlines one script and one style, each allowed by its hash and nothing else', () => {
    const { html, csp } = reviewPage();
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual([hash(scripts[0]!)]);
    expect(directives['style-src']).toEqual([hash(styles[0]!)]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    // nothing the policy would block or that would widen it: handlers, style attributes, eval, HTML injection
    expect(html).not.toMatch(/\son[a-z]+=|\sstyle=|<script\s+src/i);
    expect(scripts[0]).not.toMatch(/\beval\(|new Function|innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    // the key lives in memory only
    expect(scripts[0]).not.toMatch(/localStorage|sessionStorage|document\.cookie|indexedDB/);
  });

  describe('GET /', () => {
    let db: DatabaseHandle;
    let dir: string;
    const apps: FastifyInstance[] = [];
    const app = async (reviewPageOn: boolean): Promise<FastifyInstance> => {
      const a = await buildApp({
        db: db.db,
        blobs: createBlobStore({ dataDir: dir }),
        config: { ...DEFAULT_API_CONFIG, publicUrl: 'http://127.0.0.1:8080', hmacSecret: randomBytes(32) },
        startTwin: async () => undefined,
        reviewPage: reviewPageOn,
      });
      apps.push(a);
      return a;
    };
    beforeAll(async () => {
      db = await openMemoryDatabase();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-review-'));
    });
    afterAll(async () => {
      for (const a of apps) await a.close();
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('answers the page with its policy and no key', async () => {
      const res = await (await app(true)).inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe(reviewPage().csp);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toBe(reviewPage().html);
    });

    it('is not part of the OpenAPI document', async () => {
      const res = await (await app(true)).inject({ method: 'GET', url: '/v1/svc/openapi.json' });
      expect(Object.keys((JSON.parse(res.body) as { paths: object }).paths)).not.toContain('/');
    });

    it('is off without the option', async () => {
      const res = await (await app(false)).inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(404);
    });
  });

  it('serve turns it off with --no-review-page', () => {
    const parse = (args: string[]) => {
      const cmd = addServeOptions(new Command('serve')).exitOverride();
      cmd.parse(args, { from: 'user' });
      return resolveConfig(cmd).reviewPage;
    };
    expect(parse([])).toBe(true);
    expect(parse(['--no-review-page'])).toBe(false);
    process.env.TRACETWIN_NO_REVIEW_PAGE = '1';
    try {
      expect(parse([])).toBe(false);
    } finally {
      delete process.env.TRACETWIN_NO_REVIEW_PAGE;
    }
  });
});
