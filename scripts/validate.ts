import { definitionFiles, displayPath, loadDefinitionFile, reportsDir } from '../schema/loadDefinitionFiles.ts';
import { validateDefinition, type DefinitionIssue } from '../schema/validateDefinition.ts';

// One line per problem: the file, the path inside the definition, the wrong name and what would be right; exit 1
// when there is one. `npm run validate` checks reports/; `npx tsx scripts/validate.ts <folder>` checks another folder.
let problems = 0;
const files = definitionFiles(process.argv[2] ?? reportsDir);
for (const file of files) {
  let issues: DefinitionIssue[];
  try {
    const definition = await loadDefinitionFile(file);
    issues = definition === undefined
      ? [{ path: '/', message: 'the file has no default export (export default defineReport({...}))' }]
      : validateDefinition(definition);
  } catch (error) {
    // A file that does not load (a syntax error, a failing import) is its own problem; the others are still checked.
    issues = [{ path: '/', message: `the file does not load: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}` }];
  }
  for (const issue of issues) console.error(`${displayPath(file)}: ${issue.path}: ${issue.message}`);
  problems += issues.length;
}
console.log(`${files.length} definitions, ${problems} problems`);
process.exit(problems ? 1 : 0);
