/**
 * Inputs whose shape (not their content) stresses the engine's memory, and the
 * peak resident memory of `tracetwin twin` on each (issue 16 item 5: any input
 * twinned within < 4x its size plus a constant, or refused early).
 *
 *   node dist/bench/mem-shapes.js [--mib 5,20] [--shapes a,b] [--dir DIR] [--keep]
 *
 * Each shape is written to DIR (a temporary folder by default) at each size,
 * then twinned once by `/usr/bin/time -f "%M %U %S" node dist/cli/main.js twin
 * FILE -o OUT --key <fixed>`; the table gives the peak resident memory, its
 * multiple of the size, user + system CPU and the exit status. Sizes only:
 * nothing of the traces or twins is printed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { table } from './report';
import { ALNUM, Rng } from './rng';
import { asciiFold, CULTURES, makePem } from './values';

const MiB = 1 << 20;

/** Writes `bytes` (about) of lines made by `line(i)` to `file`, in blocks. */
function writeLines(
  file: string,
  bytes: number,
  line: (i: number) => string,
  open = '',
  sep = '\n',
  close = '\n',
): void {
  const fd = fs.openSync(file, 'w');
  let written = 0;
  let i = 0;
  let block: string[] = [];
  let blockBytes = 0;
  fs.writeSync(fd, open);
  written += open.length;
  while (written + blockBytes < bytes) {
    const l = (i === 0 ? '' : sep) + line(i++);
    block.push(l);
    blockBytes += Buffer.byteLength(l);
    if (blockBytes > MiB) {
      fs.writeSync(fd, block.join(''));
      written += blockBytes;
      block = [];
      blockBytes = 0;
    }
  }
  fs.writeSync(fd, block.join('') + close);
  fs.closeSync(fd);
}

const NAMES = ['anna', 'boris', 'chen', 'dora', 'emil', 'fatima', 'goran', 'hana'];

/** Given and family names of every culture the generated corpus draws from (bench/values.ts), in one list each. */
const FIRST = CULTURES.flatMap((c) => c.first);
const LAST = CULTURES.flatMap((c) => c.last);
const CITIES = ['Portland', 'Denver', 'Austin', 'Boston', 'Chicago', 'Seattle', 'Phoenix', 'Atlanta'];

export const SHAPES: Record<string, { ext: string; write: (file: string, bytes: number) => void; what: string }> = {
  'distinct-emails': {
    ext: 'jsonl',
    what: 'JSON Lines, one distinct e-mail a line',
    // {"id":0,"from":"anna.k0@mail0.example-corp.com","note":"call +1 415 555 1000"}: the local part's name
    // cycling over 8, the rest counting (base 36), the host over 997
    write: (file, bytes) =>
      writeLines(
        file,
        bytes,
        (i) =>
          `{"id":${i},"from":"${NAMES[i % 8]}.k${i.toString(36)}@mail${i % 997}.example-corp.com",` +
          `"note":"call +1 415 555 ${1000 + (i % 9000)}"}`,
      ),
  },
  'distinct-tokens': {
    ext: 'jsonl',
    what: 'JSON Lines, one distinct 40-character API key a line',
    // {"id":0,"api_key":"sk_live_…"}: 40 random letters and digits (a fixed seed), distinct per line
    write: (file, bytes) => {
      const rng = new Rng('mem-shapes:tokens');
      writeLines(file, bytes, (i) => `{"id":${i},"api_key":"sk_live_${rng.chars(40, ALNUM)}"}`);
    },
  },
  'distinct-keys': {
    ext: 'jsonl',
    what: 'JSON Lines, one distinct PEM private key a line (bench/values.ts makePem, as the generated corpus writes them)',
    write: (file, bytes) => {
      const rng = new Rng('mem-shapes:keys');
      writeLines(file, bytes, (i) => `{"id":${i},"key":${JSON.stringify(makePem(rng))}}`);
    },
  },
  'people-rows': {
    ext: 'csv',
    what: 'a CSV export of distinct people: name, e-mail, phone and city a row',
    write: (file, bytes) =>
      writeLines(
        file,
        bytes,
        (i) => {
          const first = FIRST[i % FIRST.length]!;
          const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
          const n = Math.floor(i / (FIRST.length * LAST.length));
          return (
            `${i},${first},${last}${n > 0 ? `-${LAST[n % LAST.length]}` : ''},` +
            `${asciiFold(first).toLowerCase()}.${asciiFold(last).toLowerCase()}${i}@example-mail.com,+1 415 555 ${String(i % 10000).padStart(4, '0')},` +
            `${CITIES[i % CITIES.length]}`
          );
        },
        'id,first_name,last_name,email,phone,city\n',
      ),
  },
  numbers: {
    ext: 'json',
    what: 'one JSON array of numbers (no string anywhere)',
    write: (file, bytes) => writeLines(file, bytes, (i) => String((i * 7919) % 1000003), '[', ',', ']\n'),
  },
  'long-string': {
    ext: 'json',
    what: 'one JSON object whose one string value is the whole size (words, and now and then one of 1,000 e-mails)',
    write: (file, bytes) =>
      writeLines(
        file,
        bytes,
        (i) => (i % 50 === 0 ? `mail ${NAMES[i % 8]}.k${(i % 1000).toString(36)}@example-corp.com ` : `word${i % 97} `),
        '{"id":1,"text":"',
        '',
        '"}\n',
      ),
  },
  'long-line': {
    ext: 'txt',
    what: 'a text file of one line (words, and now and then one of 1,000 e-mails)',
    write: (file, bytes) =>
      writeLines(
        file,
        bytes,
        (i) => (i % 50 === 0 ? `mail ${NAMES[i % 8]}.k${(i % 1000).toString(36)}@example-corp.com ` : `word${i % 97} `),
        '',
        '',
        '\n',
      ),
  },
  'text-lines': {
    ext: 'txt',
    what: 'the same words as long-line, a line feed after every 20 (an ordinary text trace)',
    write: (file, bytes) =>
      writeLines(
        file,
        bytes,
        (i) =>
          (i % 50 === 0 ? `mail ${NAMES[i % 8]}.k${(i % 1000).toString(36)}@example-corp.com` : `word${i % 97}`) +
          (i % 20 === 19 ? '\n' : ' '),
        '',
        '',
        '\n',
      ),
  },
  'deep-objects': {
    ext: 'json',
    what: 'objects 250 deep side by side, a short string at the bottom of each',
    write: (file, bytes) => {
      const depth = 250;
      const unit = (i: number): string => '{"a":'.repeat(depth) + `"v${i % 1000}"` + '}'.repeat(depth);
      writeLines(file, bytes, unit, '[', ',', ']\n');
    },
  },
};

function main(): void {
  const args = process.argv.slice(2);
  const opt = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const sizes = (opt('--mib') ?? '5,20').split(',').map(Number);
  const shapes = (opt('--shapes') ?? Object.keys(SHAPES).join(',')).split(',');
  const dir = opt('--dir') ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mem-shapes-'));
  const keep = args.includes('--keep');
  const cli = path.join(__dirname, '..', 'cli', 'main.js');
  const key = 'ab'.repeat(32);
  const rows: string[][] = [];
  for (const name of shapes) {
    const shape = SHAPES[name];
    if (!shape) throw new Error(`no shape ${name}: ${Object.keys(SHAPES).join(', ')}`);
    for (const mib of sizes) {
      const file = path.join(dir, `${name}-${mib}.${shape.ext}`);
      if (!fs.existsSync(file)) shape.write(file, mib * MiB);
      const size = fs.statSync(file).size;
      const out = `${file}.twin`;
      const r = spawnSync(
        '/usr/bin/time',
        ['-f', '%M %U %S', process.execPath, cli, 'twin', file, '-o', out, '--key', key],
        {
          encoding: 'utf8',
        },
      );
      const last = r.stderr.trim().split('\n').pop() ?? '';
      const [kb, user, sys] = last.split(' ').map(Number);
      const peak = (kb ?? 0) * 1024;
      const exit = r.stderr.match(/Command exited with non-zero status (\d+)/)?.[1] ?? String(r.status);
      rows.push([
        name,
        (size / MiB).toFixed(1),
        (peak / MiB).toFixed(0),
        (peak / size).toFixed(1),
        ((user ?? 0) + (sys ?? 0)).toFixed(1),
        exit,
      ]);
      if (!keep) fs.rmSync(out, { force: true });
      process.stderr.write(`${rows[rows.length - 1]!.join(' ')}\n`);
    }
  }
  process.stdout.write(table(['shape', 'MiB', 'peak RSS MiB', 'peak / size', 'CPU s', 'exit'], rows) + '\n');
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
}

if (require.main === module) main();
