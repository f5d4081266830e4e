/**
 * `tracetwin twin-batch` as a user runs it (the built launcher): files and
 * folders into an output folder laid out like `cp -r`, on worker threads,
 * with the bytes `tracetwin twin` gives file by file under the same key; a
 * failed file stops only itself; inputs are never overwritten.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateJsonl } from '../../bench/corpus';

const BIN = path.join(__dirname, '..', '..', 'bin', 'tracetwin');
const key = '3c'.repeat(32);

function run(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, maxBuffer: 64 << 20 });
  return { status: r.status, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8') };
}

/** Every file under `dir`, as relative paths. */
function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(d, e.name), r);
      else out.push(r);
    }
  };
  walk(dir, '');
  return out.sort();
}

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-batch-'));
  const corpus = path.join(dir, 'corpus');
  fs.mkdirSync(path.join(corpus, 'team-a', 'week-1'), { recursive: true });
  fs.mkdirSync(path.join(corpus, 'team-b'), { recursive: true });
  const parts: string[] = [];
  generateJsonl('batch', 600 * 1024, (s) => parts.push(s));
  fs.writeFileSync(path.join(corpus, 'team-a', 'week-1', 'session.jsonl'), parts.join(''));
  fs.writeFileSync(
    path.join(corpus, 'team-a', 'mail.txt'),
    'From: Alice Martin <alice.martin@example.org>\nPlease call Alice on +1 415 555 0100.\n',
  );
  fs.writeFileSync(
    path.join(corpus, 'team-b', 'ticket.json'),
    JSON.stringify({ requester: { name: 'Alice Martin', email: 'alice.martin@example.org' }, note: 'refund' }) + '\n',
  );
  fs.writeFileSync(path.join(corpus, '.DS_Store'), Buffer.from([0, 1, 2]));
  fs.writeFileSync(path.join(dir, 'loose.jsonl'), '{"user":"Bob Smith","email":"bob.smith@example.net"}\n');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('files and folders under one key: a cp -r layout, the bytes of `twin` file by file, one stand-in across files', () => {
  const r = run(['twin-batch', 'corpus', 'loose.jsonl', '-o', 'out', '--key', key, '--jobs', '2'], dir);
  expect(r.status).toBe(0);
  expect(r.stdout).toBe('');
  expect(r.stderr).toContain('4 of 4 files twinned into out');
  expect(tree(path.join(dir, 'out'))).toEqual([
    'corpus/team-a/mail.txt',
    'corpus/team-a/week-1/session.jsonl',
    'corpus/team-b/ticket.json',
    'loose.jsonl',
  ]);
  for (const rel of tree(path.join(dir, 'out'))) {
    const single = run(['twin', rel, '--key', key], dir);
    expect(single.status).toBe(0);
    const batch = fs.readFileSync(path.join(dir, 'out', rel));
    expect(batch.equals(Buffer.from(single.stdout, 'utf8'))).toBe(true);
  }
  // the same customer, the same stand-in, in a text mail and in a JSON ticket
  const mail = fs.readFileSync(path.join(dir, 'out/corpus/team-a/mail.txt'), 'utf8');
  const ticket = JSON.parse(fs.readFileSync(path.join(dir, 'out/corpus/team-b/ticket.json'), 'utf8')) as {
    requester: { name: string; email: string };
  };
  expect(mail).not.toContain('alice.martin@example.org');
  expect(ticket.requester.email).not.toBe('alice.martin@example.org');
  expect(mail).toContain(`<${ticket.requester.email}>`);
  expect(mail).toContain(`From: ${ticket.requester.name} <`);
});

test('a file that fails is reported by name and leaves no output; the others are twinned; exit status 1', () => {
  const bad = path.join(dir, 'mixed');
  fs.mkdirSync(bad);
  fs.writeFileSync(path.join(bad, 'good.txt'), 'Ring Carol Jones at carol.jones@example.com\n');
  fs.writeFileSync(path.join(bad, 'binary.jsonl'), Buffer.from([0x7b, 0x22, 0x61, 0x00, 0x22, 0x7d, 0x0a]));
  const report = path.join(dir, 'mixed-report.json');
  const r = run(['twin-batch', 'mixed', '-o', 'mixed-out', '--key', key, '--jobs', '2', '--report', report], dir);
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(/mixed\/binary\.jsonl: unsupported content: .*NUL/);
  expect(r.stderr).toContain('1 of 2 files twinned');
  expect(tree(path.join(dir, 'mixed-out'))).toEqual(['mixed/good.txt']);
  const written = JSON.parse(fs.readFileSync(report, 'utf8')) as { failed: number; files: { ok: boolean }[] };
  expect(written.failed).toBe(1);
  expect(written.files.map((f) => f.ok).sort()).toEqual([false, true]);
});

test('inputs are never overwritten: an output folder inside an input folder, or an output on an input, is refused', () => {
  const before = tree(path.join(dir, 'corpus'));
  const inside = run(['twin-batch', 'corpus', '-o', 'corpus/twins', '--key', key], dir);
  expect(inside.status).toBe(1);
  expect(inside.stderr).toContain('is inside the input folder');
  expect(tree(path.join(dir, 'corpus'))).toEqual(before);

  // out/loose.jsonl, given as an input, would be its own output
  fs.mkdirSync(path.join(dir, 'again'), { recursive: true });
  fs.copyFileSync(path.join(dir, 'loose.jsonl'), path.join(dir, 'again', 'loose.jsonl'));
  const original = fs.readFileSync(path.join(dir, 'again', 'loose.jsonl'));
  const onto = run(['twin-batch', 'again/loose.jsonl', '-o', 'again', '--key', key], dir);
  expect(onto.status).toBe(1);
  expect(onto.stderr).toContain('would overwrite the input');
  expect(fs.readFileSync(path.join(dir, 'again', 'loose.jsonl')).equals(original)).toBe(true);
});

test('`tracetwin twin` takes a folder or several inputs as the same batch, and asks for an output folder', () => {
  const r = run(['twin', 'corpus', 'loose.jsonl', '-o', 'out-twin', '--key', key, '--jobs', '2'], dir);
  expect(r.status).toBe(0);
  expect(r.stderr).toContain('4 of 4 files twinned into out-twin');
  for (const rel of tree(path.join(dir, 'out-twin')))
    expect(fs.readFileSync(path.join(dir, 'out-twin', rel)).equals(fs.readFileSync(path.join(dir, 'out', rel)))).toBe(
      true,
    );
  const noOut = run(['twin', 'corpus', '--key', key], dir);
  expect(noOut.status).toBe(1);
  expect(noOut.stderr).toContain('need -o, --output <dir>');
  const stdin = run(['twin', '-', 'loose.jsonl', '-o', 'x'], dir);
  expect(stdin.status).toBe(1);
  expect(stdin.stderr).toContain('standard input (-) is one trace');
});

test("the pool's threads run under the one-file twin's V8 settings: V8 inlines none of the engine's functions", () => {
  // V8's flags are the process's: the batch sets them before its pool starts. --trace-turbo-inlining prints a line
  // for each function the optimising compiler considers inlining; with inlining off there is none, and the
  // engine's hot helpers, which only the pool's threads run, are never named.
  const r = spawnSync(
    process.execPath,
    ['--trace-turbo-inlining', BIN, 'twin', 'corpus', '-o', 'out-flags', '--key', key, '--jobs', '2'],
    { cwd: dir, maxBuffer: 64 << 20 },
  );
  expect(r.status).toBe(0);
  const considered = new Set(
    Array.from(r.stdout.toString('utf8').matchAll(/<SharedFunctionInfo ([\w$.]+)>/g), (m) => m[1]),
  );
  for (const hot of ['wordChar', 'hashString', 'forEachLowerName', 'lineBreak']) expect(considered).not.toContain(hot);
});
