// Is LibreOffice usable here? Checked once per process, on the first conversion that needs it (or at
// boot): the service starts without it, and only the formats that need it answer 501.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const LIBREOFFICE_PACKAGES = 'libreoffice-nogui and python3-uno (and fonts-crosextra-carlito, fonts-crosextra-caladea, fonts-liberation2 for faithful layout)';

/** null when soffice and Python's uno module are there; otherwise what is missing. */
export async function probeLibreOffice(sofficePath: string, pythonPath: string): Promise<string | null> {
  try {
    // `command -v` resolves bare names on PATH and checks explicit paths, without starting soffice.
    await run('sh', ['-c', 'command -v "$1"', 'sh', sofficePath], { timeout: 10_000 });
  } catch {
    return `LibreOffice (${sofficePath}) is not installed on this server`;
  }
  try {
    await run(pythonPath, ['-c', 'import uno'], { timeout: 20_000 });
  } catch {
    return `Python with the uno module (${pythonPath}) is not available on this server`;
  }
  return null;
}
