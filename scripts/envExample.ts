// Writes .env.example from the configuration's list of variables (server/config.ts): `npx tsx scripts/envExample.ts`.
// scripts/envExample.test.ts fails when the file and the list disagree.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configVariables } from '../server/config.ts';

const header = `# Mirador's configuration: every environment variable the server (server/config.ts) and \`npm run dev\` read,
# with its default. All are optional for the embedded demo. Copy this file to .env, uncomment what you change and
# start with \`node --env-file=.env dist/server/main.mjs\` (after \`npm run build\`), or export the variables.
# Written by \`npx tsx scripts/envExample.ts\` from server/config.ts; a test checks that they agree.
`;

/** The text of .env.example: per variable, what it sets and its default, then the variable commented out. */
export function envExample(): string {
  const blocks = configVariables.map((variable) => {
    const shown = 'shown' in variable ? variable.shown.replaceAll('`', '') : variable.default;
    return `# ${variable.text} (default: ${shown})\n# ${variable.name}=${variable.default}\n`;
  });
  return [header, ...blocks].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(fileURLToPath(new URL('../.env.example', import.meta.url)), envExample());
}
