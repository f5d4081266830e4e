/**
 * The throughput benchmark's format floor (bench/floor-child.ts) runs the
 * whole twinning process with no detector: the file must come back byte for
 * byte, although the CLI finds and replaces values in the same file.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const CHILD = path.join(ROOT, 'dist', 'bench', 'floor-child.js');
const BIN = path.join(ROOT, 'bin', 'tracetwin');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'example.jsonl');
const key = '3c'.repeat(32);

describe('bench floor-child', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-floor-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('twins with no detector: the output is the input, where the CLI replaces values', () => {
    const floor = path.join(dir, 'floor.jsonl');
    const r = spawnSync(process.execPath, [CHILD, FIXTURE, floor, key], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const input = fs.readFileSync(FIXTURE);
    expect(fs.readFileSync(floor).equals(input)).toBe(true);

    const twin = path.join(dir, 'twin.jsonl');
    const cli = spawnSync(process.execPath, [BIN, 'twin', FIXTURE, '-o', twin, '--key', key], { encoding: 'utf8' });
    expect(cli.status).toBe(0);
    expect(fs.readFileSync(twin).equals(input)).toBe(false);
  });

  it('refuses to run without its three arguments', () => {
    const r = spawnSync(process.execPath, [CHILD, FIXTURE], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/usage: floor-child/);
  });
});
