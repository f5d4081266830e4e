/**
 * Run folders: while a twin runs, its twin (and, from a remote blob store, a
 * copy of its upload) lie in a private folder that the run removes when its
 * activity ends. A folder is named for the process that made it, so that a
 * worker starting after a crash removes what a dead process left behind and
 * never what a live one (another worker sharing the folder) still uses.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

const PREFIX = 'tracetwin-run-';

/** A new private folder (mode 0700) for one run, inside `dir`. */
export async function makeRunFolder(dir: string): Promise<string> {
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  return fsp.mkdtemp(path.join(dir, `${PREFIX}${process.pid}-`));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the run folders in `dir` whose process is gone; returns how many. */
export function removeStaleRunFolders(dir: string): number {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let removed = 0;
  for (const e of entries) {
    const m = e.isDirectory() ? /^tracetwin-run-(\d+)-/.exec(e.name) : null;
    if (!m || alive(Number(m[1]))) continue;
    fs.rmSync(path.join(dir, e.name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
