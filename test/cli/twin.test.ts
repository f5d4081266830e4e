/**
 * `tracetwin twin` as a user runs it: the built launcher, a file on disk read
 * in pieces on each pass, the twin written as it is made. It must give the
 * bytes `twin()` gives for the same key and confidential list.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { twin } from '../../pseudonymiser';
import { MAX_NESTING } from '../../pseudonymiser/format/json';
import { generateJsonl } from '../../bench/corpus';

const BIN = path.join(__dirname, '..', '..', 'bin', 'tracetwin');
const key = '7e'.repeat(32);

function run(args: string[], input?: Buffer): { status: number | null; stdout: Buffer; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, maxBuffer: 64 << 20 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.toString('utf8') };
}

describe('tracetwin twin', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-cli-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('twins a file of several read pieces as twin() does, and reports counts only', () => {
    const parts: string[] = [];
    // over three of the pieces the command reads at a time (1 MiB), lines crossing their ends
    generateJsonl('cli', 3.5 * 1024 * 1024, (s) => parts.push(s));
    const input = Buffer.from(parts.join(''));
    const file = path.join(dir, 'trace.jsonl');
    fs.writeFileSync(file, input);
    const out = path.join(dir, 'twin.jsonl');
    const report = path.join(dir, 'report.json');
    const r = run(['twin', file, '-o', out, '--key', key, '--confidential', 'Globex', '--report', report]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const want = twin(input, { key, format: 'jsonl', confidential: ['Globex'] });
    expect(fs.readFileSync(out).equals(want.output)).toBe(true);
    expect(JSON.parse(fs.readFileSync(report, 'utf8'))).toEqual(JSON.parse(JSON.stringify(want.report)));
    // no temporary file left beside the output
    expect(fs.readdirSync(dir).sort()).toEqual(['report.json', 'trace.jsonl', 'twin.jsonl']);
  });

  it('reads standard input as text and writes the twin to standard output', () => {
    const text = Buffer.from('From: Jane Doe <jane.doe@examplecorp.io>\nCall +1 415 555 0132 today.\n');
    const r = run(['twin', '-', '--key', key], text);
    expect(r.status).toBe(0);
    expect(r.stdout.equals(twin(text, { key, format: 'text' }).output)).toBe(true);
    expect(r.stdout.toString('utf8')).not.toContain('jane.doe');
  });

  it('refuses binary input with a clear message and writes no output', () => {
    const file = path.join(dir, 'binary.jsonl');
    fs.writeFileSync(file, Buffer.from([0x7b, 0x7d, 0x0a, 0x00, 0x01]));
    const out = path.join(dir, 'binary-twin.jsonl');
    const r = run(['twin', file, '-o', out, '--key', key]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('unsupported content');
    expect(fs.existsSync(out)).toBe(false);
  });

  it('refuses deeply nested JSON early with a clear message and exit status 1, not a crash', () => {
    const file = path.join(dir, 'nested.json');
    // 4 MiB of nested arrays: once hundreds of megabytes, now refused by the survey
    const n = 2 << 20;
    fs.writeFileSync(file, '['.repeat(n) + ']'.repeat(n));
    const out = path.join(dir, 'nested-twin.json');
    const r = run(['twin', file, '-o', out, '--key', key]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      `tracetwin: unsupported content: the JSON nests arrays and objects deeper than ${MAX_NESTING} levels, the most tracetwin reads\n`,
    );
    expect(fs.existsSync(out)).toBe(false);
  });

  it('refuses a file of more distinct values than its budget early, with exit status 1 and no output', () => {
    const file = path.join(dir, 'distinct.jsonl');
    // 6 MiB of lines of one distinct e-mail address each: about 3 KiB of the engine's memory a line (docs/deploy.md)
    const lines: string[] = [];
    for (let i = 0, size = 0; size < 6 << 20; i++) {
      const line = `{"id":${i},"from":"ines.q${i.toString(36)}@mail${i % 89}.example-corp.com"}\n`;
      lines.push(line);
      size += line.length;
    }
    fs.writeFileSync(file, lines.join(''));
    const out = path.join(dir, 'distinct-twin.jsonl');
    const r = run(['twin', file, '-o', out, '--key', key]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^tracetwin: unsupported content: the file holds more distinct values than tracetwin twins in a file of its size \(\d+ so far, whose memory is estimated past the 134\.0 MiB allowed\): split it into smaller files\n$/,
    );
    expect(fs.existsSync(out)).toBe(false);
  });
});
