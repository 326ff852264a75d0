import { statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';

// Where tests put PGlite data directories (the server suite's databases, the products e2e starts): the
// RAM disk /dev/shm when it has room, else the system's temporary directory. Every PGlite test database
// starts as a copy of a migrated 41 MB template (1,209 files); on this machine's disk the copy took
// 0.8–2.7 s under load, about 2 s of every server test file, and on /dev/shm 0.1 s. A container's
// /dev/shm is often 64 MB, so it is used only with 2 GB free.

const ROOM_BYTES = 2 * 1024 ** 3;

function ramDisk(): string | null {
  try {
    const fs = statfsSync('/dev/shm');
    return fs.bavail * fs.bsize >= ROOM_BYTES ? '/dev/shm' : null;
  } catch {
    return null;
  }
}

/** The directory test databases' files go under. */
export const SCRATCH_DIR = ramDisk() ?? tmpdir();
