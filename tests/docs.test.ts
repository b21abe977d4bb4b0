import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readmeMaxLines = 300;

/** The text outside fenced code blocks, line by line (fenced lines become empty, so line numbers hold). */
function proseLines(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split('\n').map((line) => {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) {
      fence = fence ? undefined : marker;
      return '';
    }
    return fence ? '' : line;
  });
}

/** GitHub's anchor of a heading: its text lower-cased, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats numbered as GitHub does) and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  }
  return anchors;
}

/** The link targets of a Markdown text (inline, reference and HTML links), and inline code that is a path up (`../…`). */
function targetsOf(markdown: string): Array<{ line: number; target: string; code?: true }> {
  const found: Array<{ line: number; target: string; code?: true }> = [];
  proseLines(markdown).forEach((line, index) => {
    const codeSpans = [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    const text = line.replace(/`[^`]*`/g, '');
    const add = (target: string) => found.push({ line: index + 1, target });
    for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) add(m[1]!);
    for (const m of text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)) add(m[1]!);
    for (const m of text.matchAll(/(?:href|src)="([^"]+)"/g)) add(m[1]!);
    // A path in code that climbs with ../ is a pointer too: `../shared/DESIGN.md` left the repository.
    for (const span of codeSpans) if (/^\.\.\/\S+$/.test(span)) found.push({ line: index + 1, target: span, code: true });
  });
  return found;
}

/** What is wrong with the links of one Markdown file of the repository at `repoRoot`. */
function linkProblems(repoRoot: string, file: string, markdown: string): string[] {
  const problems: string[] = [];
  const where = (line: number) => `${relative(repoRoot, file)}:${line}`;
  for (const { line, target, code } of targetsOf(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
      if (/^file:/i.test(target)) problems.push(`${where(line)}: ${target} is a file on one machine`);
      continue;
    }
    if (target.startsWith('/')) {
      problems.push(`${where(line)}: ${target} is an absolute path; use a path relative to the file`);
      continue;
    }
    const [pathPart = '', anchor] = target.split('#', 2);
    const path = decodeURIComponent(pathPart);
    const resolved = path === '' ? file : resolve(dirname(file), path);
    const inside = relative(repoRoot, resolved);
    if (inside.startsWith('..') || isAbsolute(inside)) {
      problems.push(`${where(line)}: ${target} points outside the repository`);
      continue;
    }
    // Code may name what a run creates; it only has to stay inside the repository.
    if (code) continue;
    if (path !== '' && !existsSync(resolved)) {
      problems.push(`${where(line)}: ${target} does not exist`);
      continue;
    }
    if (anchor && (path === '' || (statSync(resolved).isFile() && resolved.endsWith('.md')))) {
      const anchors = anchorsOf(resolved === file ? markdown : readFileSync(resolved, 'utf8'));
      if (!anchors.has(decodeURIComponent(anchor))) problems.push(`${where(line)}: ${target}: no heading #${anchor}`);
    }
  }
  return problems;
}

const readme = join(root, 'README.md');
const docsDir = join(root, 'docs');
const docFiles = existsSync(docsDir)
  ? readdirSync(docsDir).filter((name) => name.endsWith('.md')).sort().map((name) => join(docsDir, name))
  : [];

describe('the README and docs/', () => {
  it(`keep the README under ${readmeMaxLines} lines`, () => {
    const lines = readFileSync(readme, 'utf8').replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThan(readmeMaxLines);
  });

  it('have docs/ to point to', () => {
    expect(docFiles.length).toBeGreaterThan(0);
  });

  it.each([readme, ...docFiles].map((file) => [relative(root, file), file]))(
    '%s: every relative link resolves inside the repository, and every anchor to a heading',
    (_name, file) => {
      expect(linkProblems(root, file, readFileSync(file, 'utf8'))).toEqual([]);
    },
  );

  it('show, as the worked example of "Add a report", the report file as it is (its doc comment aside)', () => {
    const section = readFileSync(readme, 'utf8').split('## Add a report\n')[1]!.split('\n## ')[0]!;
    const example = /\n {3}```ts\n([\s\S]*?)\n {3}```\n/.exec(section)?.[1]?.replace(/^ {3}/gm, '');
    const file = readFileSync(join(root, 'reports/general/incomeByChannel.ts'), 'utf8').replace(/\n\/\*\*[\s\S]*?\*\/\n/, '\n');
    expect(example).toBe(file.replace(/\n$/, ''));
  });

  it('link every page of docs/ from the README', () => {
    const linked = new Set(
      targetsOf(readFileSync(readme, 'utf8')).map(({ target }) => resolve(root, target.split('#')[0]!)),
    );
    expect(docFiles.filter((file) => !linked.has(file)).map((file) => relative(root, file))).toEqual([]);
  });
});

describe('the link check', () => {
  const file = join(root, 'docs', 'example.md');
  const problems = (markdown: string) => linkProblems(root, file, markdown);

  it('refuses links and code paths that leave the repository', () => {
    expect(problems('See [the design](../../shared/DESIGN.md).')).toEqual([
      'docs/example.md:1: ../../shared/DESIGN.md points outside the repository',
    ]);
    expect(problems('Read `../../shared/DESIGN.md` first.')).toHaveLength(1);
    expect(problems('[abs](/work/shared/DESIGN.md) and [f](file:///etc/hosts)')).toHaveLength(2);
  });

  it('refuses a missing file and a missing heading, and accepts good ones', () => {
    expect(problems('[x](nothing-here.md)')).toEqual(['docs/example.md:1: nothing-here.md does not exist']);
    expect(problems('[x](../README.md#no-such-heading)')).toEqual([
      'docs/example.md:1: ../README.md#no-such-heading: no heading #no-such-heading',
    ]);
    expect(problems('[x](../README.md#configuration), [y](#here), <https://example.com>\n\n## Here')).toEqual([]);
  });

  it('ignores fenced code and inline code that is not a path', () => {
    expect(problems("```ts\nimport x from '../../../outside.ts';\n[a](../../x.md)\n```\n`[a](../../x.md)`")).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect([...anchorsOf('# A `b_c` and "D"\n## Über, 1.3×\n## Über, 1.3×')]).toEqual(['a-b_c-and-d', 'über-13', 'über-13-1']);
  });
});
