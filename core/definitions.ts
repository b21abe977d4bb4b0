import { menuGroups, type MenuGroup } from '../schema/registries.ts';
import { menuEntrySchema, reportDefinitionSchema, type ReportDefinition, type RightName } from '../schema/reportDefinition.ts';

/** One sidebar link: a report, or one value of its route parameters. */
export interface MenuEntry {
  key: string;
  label: string;
  path: string;
  reportId: string;
}

export interface MenuSection {
  group: MenuGroup;
  entries: MenuEntry[];
}

/**
 * A definition file that is wrong: which file, why (developer's English), and where its screen would be, read from the
 * file as far as it goes, so that its route explains the fault and the other screens keep working.
 */
export interface InvalidDefinition {
  file: string;
  problems: string[];
  id?: string;
  route?: string;
  title?: string;
  menu?: ReportDefinition['menu'];
}

const files = new WeakMap<ReportDefinition, string>();

/** The file a definition was read from (as the bundler keys it), for messages that name it. */
export const definitionFile = (definition: ReportDefinition): string | undefined => files.get(definition);

/** Reads definition modules (file → default export), sorted by file: the valid ones, and the wrong ones with why. */
export function readDefinitions(modules: Record<string, unknown>): { valid: ReportDefinition[]; invalid: InvalidDefinition[] } {
  const valid: ReportDefinition[] = [];
  const invalid: InvalidDefinition[] = [];
  const owner = { id: new Map<string, string>(), route: new Map<string, string>() };
  const entries = Object.entries(modules)
    .sort(([a], [b]) => a.localeCompare(b))
    // A helper module shared by definitions has no default export: it is not a report.
    .filter(([, value]) => value !== undefined);
  for (const [file, value] of entries) {
    const parsed = reportDefinitionSchema.safeParse(value);
    // The expressions are checked where they are used, with the report page's code (engine/shell/ReportRoute.tsx).
    const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `/${issue.path.join('/')}: ${issue.message}`);
    if (parsed.success) {
      const places = { id: [parsed.data.id], route: reportPlaces(parsed.data).map((place) => place.route) };
      for (const key of ['id', 'route'] as const) {
        for (const name of places[key]) {
          const other = owner[key].get(name);
          if (other !== undefined) problems.push(`the ${key} ${name} is also ${other}'s`);
        }
      }
    }
    if (parsed.success && problems.length === 0) {
      valid.push(parsed.data);
      files.set(parsed.data, file);
      owner.id.set(parsed.data.id, file);
      for (const place of reportPlaces(parsed.data)) owner.route.set(place.route, file);
    } else {
      invalid.push({ file, problems, ...readablePlace(value, owner.route) });
    }
  }
  return { valid, invalid };
}

/** What a wrong definition says of its place, where it can be read and no valid screen holds its route. */
function readablePlace(value: unknown, taken: ReadonlyMap<string, string>): Partial<InvalidDefinition> {
  const raw = (value ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : undefined);
  const route = text('route');
  const menu = menuEntrySchema.safeParse(raw.menu);
  return {
    ...(text('id') === undefined ? {} : { id: text('id') }),
    ...(route === undefined || !route.startsWith('/') || taken.has(route) ? {} : { route }),
    ...(text('title') === undefined ? {} : { title: text('title') }),
    ...(menu.success && menu.data !== undefined ? { menu: menu.data } : {}),
  };
}

/** Parses definition modules (file → default export), sorted by file; fails naming the file at fault and why. */
export function parseDefinitions(modules: Record<string, unknown>): ReportDefinition[] {
  const { valid, invalid } = readDefinitions(modules);
  const [first] = invalid;
  if (first) throw new Error(`Invalid report definition ${first.file}: ${first.problems.join('; ')}`);
  return valid;
}

/** One place of the route map where a report is shown: its `route` and `menu`, or one of its `alsoAt`. */
export interface ReportPlace {
  route: string;
  menu?: ReportDefinition['menu'];
}

/** Every place a report is shown: its own route first, then its `alsoAt` routes. */
export function reportPlaces(report: Pick<ReportDefinition, 'route' | 'menu' | 'alsoAt'>): ReportPlace[] {
  return [{ route: report.route, menu: report.menu }, ...(report.alsoAt ?? [])];
}

/** The router's routes: one per place of each report (a screen under two paths is one definition). */
export function reportRoutes(from: readonly ReportDefinition[] = reports): Array<{ key: string; path: string; definition: ReportDefinition }> {
  return from.flatMap((definition) => reportPlaces(definition).map(({ route }) => ({ key: route, path: route, definition })));
}

// Whole modules, not `import: 'default'`: the bundler rejects a helper module that has no default export.
const reportModules = import.meta.glob<{ default?: unknown }>(
  ['../reports/**/*.ts', '!../reports/**/*.test.ts', '!../reports/**/*.test-d.ts'],
  { eager: true },
);

const loaded = readDefinitions(Object.fromEntries(Object.entries(reportModules).map(([file, module]) => [file, module.default])));

/** Every valid report definition under reports/, validated with zod (which fills the defaults). */
export const reports: ReportDefinition[] = loaded.valid;

/**
 * The wrong ones (`npm run validate` refuses them in CI): each shows at its route why, and the others keep working.
 * Never thrown at import, which would blank every screen.
 */
export const invalidReports: InvalidDefinition[] = loaded.invalid;
for (const wrong of invalidReports) console.error(`Invalid report definition ${wrong.file}:\n  ${wrong.problems.join('\n  ')}`);

export function reportById(id: string, from: readonly ReportDefinition[] = reports): ReportDefinition | undefined {
  return from.find((report) => report.id === id);
}

export function reportByRoute(route: string, from: readonly ReportDefinition[] = reports): ReportDefinition | undefined {
  return from.find((report) => reportPlaces(report).some((place) => place.route === route));
}

type ParamChoice = { name: string; value: string; label: string };

/** Every combination of allowed route parameter values; one empty combination without parameters. */
function paramCombinations(report: Pick<ReportDefinition, 'routeParams'>, route: string): ParamChoice[][] | undefined {
  const names = [...route.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  let combinations: ParamChoice[][] = [[]];
  for (const name of names) {
    const values = report.routeParams?.[name];
    // A parameter without listed values cannot be linked from the sidebar.
    if (!values) return undefined;
    combinations = combinations.flatMap((done) => values.map((v) => [...done, { name, value: v.value, label: v.label }]));
  }
  return combinations;
}

function fillRoute(route: string, choices: ParamChoice[]): string {
  return choices.reduce((path, choice) => path.replace(`:${choice.name}`, encodeURIComponent(choice.value)), route);
}

/** What the sidebar reads of a report. */
export type MenuReport = Pick<ReportDefinition, 'id' | 'title' | 'route' | 'menu' | 'alsoAt' | 'routeParams'>;

/** The rights the signed-in employee holds; one not listed is not held. */
export type HeldRights = Readonly<Partial<Record<RightName, boolean>>>;

/**
 * The sidebar: groups in the route map's order, entries by `menu.order`, one per place and route parameter value;
 * an entry whose `menu.requires` names a right the employee does not hold is left out.
 */
export function menuSections(from: readonly MenuReport[] = reports, rights: HeldRights = {}): MenuSection[] {
  const byGroup = new Map<MenuGroup, Array<MenuEntry & { order: number }>>();
  for (const report of from) {
    for (const { route, menu } of reportPlaces(report)) {
      if (!menu) continue;
      if (menu.requires !== undefined && rights[menu.requires] !== true) continue;
      const combinations = paramCombinations(report, route);
      if (!combinations) continue;
      const entries = byGroup.get(menu.group) ?? [];
      for (const choices of combinations) {
        const path = fillRoute(route, choices);
        entries.push({
          key: path,
          label: choices.length > 0 ? choices.map((c) => c.label).join(' · ') : (menu.label ?? report.title),
          path,
          reportId: report.id,
          order: menu.order,
        });
      }
      byGroup.set(menu.group, entries);
    }
  }
  return menuGroups
    .filter((group) => byGroup.has(group))
    .map((group) => ({
      group,
      entries: byGroup
        .get(group)!
        // A stable sort: equal orders keep file order, parameter values keep their listed order.
        .sort((a, b) => a.order - b.order)
        .map(({ order: _order, ...entry }) => entry),
    }));
}

/** Whether the route parameters of a URL are among the definition's listed values (unlisted ones are free). */
export function routeParamsAllowed(report: ReportDefinition, params: Readonly<Record<string, string | undefined>>): boolean {
  return Object.entries(report.routeParams ?? {}).every(([name, values]) => values.some((v) => v.value === params[name]));
}

/** The screen's title; a parameterised route adds the labels of its values, e.g. "Reseñas · Comunidad". */
export function reportTitle(report: ReportDefinition, params: Readonly<Record<string, string | undefined>> = {}): string {
  const labels = Object.entries(report.routeParams ?? {})
    .map(([name, values]) => values.find((v) => v.value === params[name])?.label)
    .filter((label): label is string => label !== undefined);
  return [report.title, ...labels].join(' · ');
}
