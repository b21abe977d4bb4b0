import { definitionFiles, displayPath, loadDefinitionFile, reportsDir } from '../schema/loadDefinitionFiles.ts';
import type { ReportDefinitionInput } from '../schema/reportDefinition.ts';
import { validateDefinition, type DefinitionIssue } from '../schema/validateDefinition.ts';

// One line per problem: the file, the path inside the definition, the wrong name and what would be right; exit 1
// when there is one. `npm run validate` checks reports/; `npx tsx scripts/validate.ts <folder>` checks another folder.
let problems = 0;
const files = definitionFiles(process.argv[2] ?? reportsDir);
// Every file is loaded first: a drill names another screen's route and filters.
const loaded = await Promise.all(
  files.map(async (file) => {
    try {
      return { file, definition: await loadDefinitionFile(file) };
    } catch (error) {
      return { file, error };
    }
  }),
);
const all = loaded.flatMap((entry) => (entry.definition && typeof entry.definition === 'object' ? [entry.definition as ReportDefinitionInput] : []));
for (const { file, definition, error } of loaded) {
  let issues: DefinitionIssue[];
  if (error !== undefined) {
    // A file that does not load (a syntax error, a failing import) is its own problem; the others are still checked.
    issues = [{ path: '/', message: `the file does not load: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}` }];
  } else {
    issues = definition === undefined
      ? [{ path: '/', message: 'the file has no default export (export default defineReport({...}))' }]
      : validateDefinition(definition, all);
  }
  for (const issue of issues) console.error(`${displayPath(file)}: ${issue.path}: ${issue.message}`);
  problems += issues.length;
}
console.log(`${files.length} definitions, ${problems} problems`);
process.exit(problems ? 1 : 0);
