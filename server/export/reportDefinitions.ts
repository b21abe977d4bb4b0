import { definitionFiles, loadDefinitionFile } from '../../schema/loadDefinitionFiles.ts';
import { reportDefinitionSchema, type ReportDefinition } from '../../schema/reportDefinition.ts';

/** The definition modules as the bundler lists them (the built server, vitest); undefined where none does (tsx). */
function bundledModules(): Record<string, { default?: unknown }> | undefined {
  try {
    return import.meta.glob<{ default?: unknown }>(['../../reports/**/*.ts', '!../../reports/**/*.test.ts', '!../../reports/**/*.test-d.ts'], {
      eager: true,
    });
  } catch {
    // `npm run dev` runs the sources through tsx, which has no import.meta.glob: the files are read from reports/.
    return undefined;
  }
}

async function loadModules(): Promise<unknown[]> {
  const bundled = bundledModules();
  if (bundled) return Object.values(bundled).map((module) => module.default);
  return Promise.all(definitionFiles().map((file) => loadDefinitionFile(file)));
}

let loaded: Promise<ReportDefinition[]> | undefined;

/** The server's own copy of every report definition (reports/), parsed as the web app parses them, once. */
export function serverReports(): Promise<ReportDefinition[]> {
  loaded ??= loadModules().then((modules) =>
    // A helper module shared by definitions has no default export: it is not a report.
    modules.filter((module) => module !== undefined).map((module) => reportDefinitionSchema.parse(module)),
  );
  return loaded;
}
