import { definitionFiles, displayPath, loadDefinitionFile } from '../schema/loadDefinitionFiles.ts';
import { validateDefinition } from '../schema/validateDefinition.ts';

// Names the file, the path inside it and the reason of every problem; exit 1 when there is one.
let problems = 0;
const files = definitionFiles();
for (const file of files) {
  const definition = await loadDefinitionFile(file);
  const issues = definition === undefined
    ? [{ path: '/', message: 'the file has no default export (export default defineReport({...}))' }]
    : validateDefinition(definition);
  for (const issue of issues) console.error(`${displayPath(file)}: ${issue.path}: ${issue.message}`);
  problems += issues.length;
}
console.log(`${files.length} definitions, ${problems} problems`);
process.exit(problems ? 1 : 0);
