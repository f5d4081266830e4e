/**
 * The review page end to end: the built `bin/tracetwin serve` on free ports,
 * driven in Debian's headless Chromium through playwright-core. The page
 * creates a twin through the public API with the test key `serve` printed,
 * polls it, downloads it, and shows original and twin side by side with every
 * replaced span highlighted by kind and counted. With TRACETWIN_SCREENSHOT set
 * to a path, the finished page is saved there (docs/review-page.png).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  assertBuilt,
  REPO,
  serverReady,
  startServe,
  type ServeProcess,
  type ServerJson,
} from '../support/serve-process';

jest.setTimeout(240_000);

const CHROMIUM = process.env.TRACETWIN_CHROMIUM ?? '/usr/bin/chromium';
/** Chromium stays off the network it cannot reach: no background calls to Google's services. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const FIXTURE = path.join(REPO, 'test/fixtures/example.jsonl');
const TRACE = fs.readFileSync(FIXTURE, 'utf8');
const TWIN_KEY = '5c'.repeat(32);

let cwd: string;
let proc: ServeProcess;
let info: ServerJson;
let testKey: string;
let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  assertBuilt();
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: apt-get install chromium (scripts/test.sh does)`);
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-review-'));
  proc = startServe(cwd);
  info = await serverReady(cwd, proc);
  const key = /svc_sk_test_[A-Za-z0-9]+/.exec(proc.stderr());
  if (!key) throw new Error('serve printed no test key');
  testKey = key[0];
  // playwright gives each launch a fresh temporary profile (--user-data-dir) and removes it on close
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  if (proc && proc.child.exitCode === null) {
    proc.child.kill('SIGTERM');
    await proc.exited;
  }
  if (cwd) fs.rmSync(cwd, { recursive: true, force: true });
});

async function apiContent(id: string): Promise<string> {
  const res = await fetch(`${info.apiUrl}/v1/svc/twins/${id}/content`, {
    headers: { Authorization: `Bearer ${testKey}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

it('twins a pasted trace and shows what changed, by kind, with the counts and the download', async () => {
  const res = await page.goto(`${info.apiUrl}/`);
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-security-policy']).toContain("default-src 'none'");

  await page.fill('#trace', TRACE);
  expect(await page.inputValue('#name')).toBe('trace.jsonl');
  await page.fill('#apikey', testKey);
  await page.fill('#twinkey', TWIN_KEY);
  await page.click('#go');
  await page.waitForSelector('body[data-state]', { timeout: 120_000 });
  expect(await page.textContent('#status')).toMatch(/^Twin twin_\w+ completed\.$/);
  const id = /twin_\w+/.exec((await page.textContent('#status')) ?? '')![0];
  const twin = await apiContent(id);
  // with the twinning key given, the twin the page made is the one `tracetwin twin --key` makes
  const cli = spawnSync(process.execPath, [path.join(REPO, 'bin/tracetwin'), 'twin', FIXTURE, '--key', TWIN_KEY]);
  expect(cli.status).toBe(0);
  expect(twin).toBe(cli.stdout.toString('utf8'));

  // side by side: the left column is the trace, the right one the twin the API returns
  const column = (side: string) =>
    page.$$eval(`#panes pre.${side}`, (cells) => cells.map((c) => c.textContent).join('\n'));
  expect(await column('orig')).toBe(TRACE);
  expect(await column('twin')).toBe(twin);

  // every replaced span is marked on both sides, with a kind
  const marks = (side: string) =>
    page.$$eval(`#panes pre.${side} mark`, (ms) => ms.map((m) => ({ kind: m.className, text: m.textContent ?? '' })));
  const orig = await marks('orig');
  const made = await marks('twin');
  expect(orig.length).toBeGreaterThan(5);
  expect(made.map((m) => m.kind)).toEqual(orig.map((m) => m.kind));
  // (a stand-in may keep a piece of the original, e.g. the mail provider: only what changed is marked)
  const kindsIn = (text: string) => [...new Set(orig.filter((m) => text.includes(m.text)).map((m) => m.kind))];
  expect(kindsIn('rahul.verma@gmail.com')).toEqual(['k-email']);
  expect(kindsIn('Rahul Verma')).toEqual(['k-name']);
  expect(kindsIn('+44 20 7946 0958')).toEqual(['k-phone']);
  expect(kindsIn('4111 1111 1111 1111')).toEqual(['k-id']);
  expect(kindsIn('sk_live_51Hx9QmTzLp4Vb8NcRw2Yk7Ds3Fg6Jh')).toEqual(['k-secret']);
  expect(kindsIn('81.2.69.142')).toEqual(['k-ip']);
  // what is marked on the left is gone from the twin; what is not marked is there unchanged
  for (const m of orig) if (m.text.length >= 6) expect(twin).not.toContain(m.text);

  // counts per kind add up to the marks
  const chips = await page.$$eval('#counts .chip', (cs) =>
    cs.map((c) => [c.getAttribute('data-kind'), Number(c.getAttribute('data-count'))] as const),
  );
  const tally = new Map<string, number>();
  for (const m of orig) tally.set(m.kind.slice(2), (tally.get(m.kind.slice(2)) ?? 0) + 1);
  expect(new Map(chips)).toEqual(tally);
  expect(await page.textContent('#total')).toBe(`${orig.length} replaced spans`);

  // the download is the twin
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  const saved = await download.path();
  expect(fs.readFileSync(saved, 'utf8')).toBe(twin);

  // the key was held in memory only: no storage, no cookie, not in the address
  expect(await page.evaluate('[localStorage.length, sessionStorage.length, document.cookie]')).toEqual([0, 0, '']);
  expect(page.url()).toBe(`${info.apiUrl}/`);
  expect(problems).toEqual([]);

  if (process.env.TRACETWIN_SCREENSHOT) {
    await page.fill('#apikey', '');
    await page.fill('#twinkey', '');
    await page.screenshot({ path: process.env.TRACETWIN_SCREENSHOT, fullPage: true });
  }
});

it('shows the API error for a bad key', async () => {
  await page.goto(`${info.apiUrl}/`);
  await page.fill('#trace', TRACE);
  await page.fill('#apikey', 'svc_sk_test_not_a_key');
  await page.click('#go');
  await page.waitForSelector('body[data-state="error"]');
  expect(await page.textContent('#status')).toMatch(/^401 /);
});

it('refuses a twinning key that is not 64 hexadecimal characters, before any request', async () => {
  await page.goto(`${info.apiUrl}/`);
  let requests = 0;
  page.on('request', (r) => r.url().includes('/v1/') && requests++);
  await page.fill('#trace', TRACE);
  await page.fill('#apikey', testKey);
  await page.fill('#twinkey', 'abc');
  await page.click('#go');
  expect(await page.textContent('#status')).toMatch(/64 hexadecimal/);
  expect(requests).toBe(0);
});

it('takes a dropped file, and its name', async () => {
  await page.goto(`${info.apiUrl}/`);
  const dropped = await page.evaluateHandle(
    `(() => { const d = new DataTransfer(); d.items.add(new File([${JSON.stringify(TRACE)}], 'support chat.jsonl')); return d; })()`,
  );
  await page.dispatchEvent('#trace', 'drop', { dataTransfer: dropped });
  // the file is read asynchronously; waited for from here (page.waitForFunction would evaluate a string in the page,
  // which the page's policy forbids once it has to poll)
  const until = Date.now() + 10_000;
  while ((await page.inputValue('#trace')).length === 0) {
    if (Date.now() > until) throw new Error('the dropped file never reached the text area');
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(await page.inputValue('#trace')).toBe(TRACE);
  expect(await page.inputValue('#name')).toBe('support_chat.jsonl');
});
