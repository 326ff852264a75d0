// `--name value` / `--name=value` flags for the admin commands. Strict: unknown, repeated or
// value-less flags are errors, so a typo never silently does something else.

export class CliError extends Error {}

export interface FlagSpec {
  description: string;
  required: boolean;
}

export function parseFlags(
  argv: readonly string[],
  spec: Readonly<Record<string, FlagSpec>>,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const match = /^--([a-z][a-z-]*)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new CliError(`Unexpected argument "${arg}": flags look like --name value`);
    const name = match[1]!;
    if (!(name in spec)) throw new CliError(`Unknown flag --${name}`);
    if (name in values) throw new CliError(`--${name} is given twice`);
    let value = match[2];
    if (value === undefined) {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new CliError(`--${name} needs a value`);
      value = next;
      i++;
    }
    values[name] = value;
  }
  for (const [name, flag] of Object.entries(spec)) {
    if (flag.required && values[name] === undefined)
      throw new CliError(`--${name} is required (${flag.description})`);
  }
  return values;
}
