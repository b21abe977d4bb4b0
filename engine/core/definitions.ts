import { menuGroups, type MenuGroup } from '../../schema/registries.ts';
import { reportDefinitionSchema, type ReportDefinition, type RightName } from '../../schema/reportDefinition.ts';

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

/** Parses definition modules (file → default export), sorted by file; fails naming the file at fault. */
export function parseDefinitions(modules: Record<string, unknown>): ReportDefinition[] {
  const parsed = Object.entries(modules)
    .sort(([a], [b]) => a.localeCompare(b))
    // A helper module shared by definitions has no default export: it is not a report.
    .filter(([, value]) => value !== undefined)
    .map(([file, value]) => {
      try {
        return reportDefinitionSchema.parse(value);
      } catch (error) {
        throw new Error(`Invalid report definition ${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  const seen = { id: new Set<string>(), route: new Set<string>() };
  for (const report of parsed) {
    const values = { id: [report.id], route: reportPlaces(report).map((place) => place.route) };
    for (const key of ['id', 'route'] as const) {
      for (const value of values[key]) {
        if (seen[key].has(value)) throw new Error(`Two report definitions share the ${key} ${value}`);
        seen[key].add(value);
      }
    }
  }
  return parsed;
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
  ['../../reports/**/*.ts', '!../../reports/**/*.test.ts', '!../../reports/**/*.test-d.ts'],
  { eager: true },
);

/** Every report definition under reports/, validated with zod (which fills the defaults). */
export const reports: ReportDefinition[] = parseDefinitions(
  Object.fromEntries(Object.entries(reportModules).map(([file, module]) => [file, module.default])),
);

export function reportById(id: string, from: readonly ReportDefinition[] = reports): ReportDefinition | undefined {
  return from.find((report) => report.id === id);
}

export function reportByRoute(route: string, from: readonly ReportDefinition[] = reports): ReportDefinition | undefined {
  return from.find((report) => reportPlaces(report).some((place) => place.route === route));
}

type ParamChoice = { name: string; value: string; label: string };

/** Every combination of allowed route parameter values; one empty combination without parameters. */
function paramCombinations(report: ReportDefinition, route: string): ParamChoice[][] | undefined {
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

/** The rights the signed-in employee holds; one not listed is not held. */
export type HeldRights = Readonly<Partial<Record<RightName, boolean>>>;

/**
 * The sidebar: groups in the route map's order, entries by `menu.order`, one per place and route parameter value;
 * an entry whose `menu.requires` names a right the employee does not hold is left out.
 */
export function menuSections(from: readonly ReportDefinition[] = reports, rights: HeldRights = {}): MenuSection[] {
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
