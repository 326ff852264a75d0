// `npm run admin -- <command> --flag value …`: accounts and houses from the command line. The created id
// is printed alone on the last line of stdout; any problem goes to stderr with exit code 1.
import { runAdmin } from './run-admin';

process.exitCode = await runAdmin(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
