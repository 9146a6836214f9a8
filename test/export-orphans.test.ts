// LibreOffice does not outlive the process that started it, idle or mid-conversion. Its instances run
// detached (their own process group); when the server dies without stopping them (kill -9), the UNO
// bridge sees its stdin close, or its parent change, and ends LibreOffice's process group; this covers a
// kill while the instance is still starting (the bridge connecting, soffice.bin not yet forked), the
// moment the chaos run had found soffice processes outliving a killed API process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventually } from './helpers/storage.ts';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'helpers', 'office-instance-child.ts');

/** The process has ended (a zombie counts as ended). */
function gone(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
}

/** Every live process of the process group (soffice runs detached: its group is its own). */
function groupMembers(pgid: number): number[] {
  return fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[2]) === pgid && fields[0] !== 'Z';
    } catch {
      return false;
    }
  });
}

describe('LibreOffice instances of a killed server', () => {
  it('end with it while still starting: kill -9 right after soffice was spawned leaves no process of its group', async () => {
    const child = spawn(process.execPath, [CHILD], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ORPHAN_BUSY: 'starting' } });
    let out = '';
    child.stdout!.on('data', (d) => { out += d; });
    await eventually(() => out.includes('\n'), 90_000, 'soffice to be spawned');
    const [leader] = (JSON.parse(out) as { pids: number[] }).pids;
    expect(leader).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300)); // the bridge is up and connecting; oosplash forks soffice.bin
    expect(groupMembers(leader).length).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await eventually(() => groupMembers(leader).length === 0, 30_000, `LibreOffice's process group ${leader} to end after its server was killed`);
  }, 150_000);

  it.each([['idle', '0'], ['mid-conversion', '1']])('end with it (%s): kill -9 of the process that started them leaves no soffice behind', async (_when, busy) => {
    const child = spawn(process.execPath, [CHILD], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ORPHAN_BUSY: busy } });
    let out = '';
    child.stdout!.on('data', (d) => { out += d; });
    await eventually(() => out.includes('\n'), 90_000, 'the instance to start');
    const { pids } = JSON.parse(out) as { pids: number[] };
    expect(pids.length).toBeGreaterThan(0);
    expect(pids.every((p) => !gone(p))).toBe(true);
    child.kill('SIGKILL');
    await eventually(() => pids.every(gone), 20_000, `soffice ${pids.join(', ')} to end after its server was killed`);
  }, 150_000);
});
