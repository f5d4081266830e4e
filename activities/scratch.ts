/**
 * Run folders: while a twin runs, its twin (and, from a remote blob store, a
 * copy of its upload) lie in a private folder that the run removes when its
 * activity ends. A folder is named for the process that made it
 * (`tracetwin-run-<pid>-<process token>-…`), so that a worker starting after a
 * crash, and the periodic sweep, remove what a dead process left behind (or a
 * run of this process failed to remove) and never what a live run still uses.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ownerGone, PROCESS_TOKEN } from '../storage/sweep';

const PREFIX = 'tracetwin-run-';
/** The run folders of this process's runs in progress. */
const inUse = new Set<string>();

/** A new private folder (mode 0700) for one run, inside `dir`; give it back with {@link removeRunFolder}. */
export async function makeRunFolder(dir: string): Promise<string> {
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  const folder = await fsp.mkdtemp(path.join(dir, `${PREFIX}${process.pid}-${PROCESS_TOKEN}-`));
  inUse.add(folder);
  return folder;
}

/** Removes a run folder when its run ends. */
export async function removeRunFolder(folder: string): Promise<void> {
  try {
    await fsp.rm(folder, { recursive: true, force: true });
  } finally {
    inUse.delete(folder);
  }
}

/**
 * Removes the run folders in `dir` that no run uses: those of processes that are gone (or of a process
 * before this one with the same id), and this process's own that no run holds. Returns how many.
 */
export function removeStaleRunFolders(dir: string): number {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let removed = 0;
  for (const e of entries) {
    if (!e.isDirectory()) continue;
    const folder = path.join(dir, e.name);
    if (inUse.has(folder)) continue;
    const m = /^tracetwin-run-(\d+)-(?:([0-9a-f]{12})-)?/.exec(e.name);
    if (!m) continue;
    // a folder named before process tokens (pid only) is another process's when that pid is alive
    if (ownerGone(Number(m[1]), m[2] ?? '') === 'alive') continue;
    fs.rmSync(folder, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
