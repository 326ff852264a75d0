// `npm run import -- readings|appliances|prices --house H … FILE`: see run-import.ts. The summary goes to
// stdout, the progress bar and any problem to stderr (exit code 1).
import { runImport } from './run-import';

process.exitCode = await runImport(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  progress: process.stderr,
});
