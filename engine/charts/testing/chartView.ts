import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

interface SceneItem {
  role?: string;
  x?: number;
  y?: number;
  marktype?: string;
  text?: unknown;
  datum?: Record<string, unknown>;
  bounds?: { x1: number; x2: number; y1: number; y2: number };
  items?: SceneItem[];
}

/** A text as the drawing shows it (vega may split a label into lines). */
const textOf = (text: unknown) => (Array.isArray(text) ? text.join(' ') : String(text ?? ''));

interface Placed {
  item: SceneItem;
  /** Left and right edges in the view's coordinates. */
  left: number;
  right: number;
}

/** The items of the marks of a role, each with its edges in the view's coordinates (a group offsets its children). */
function collect(item: SceneItem, role: string, offset = 0, found: Placed[] = []): Placed[] {
  for (const mark of item.items ?? []) {
    for (const child of mark.items ?? []) {
      if (mark.role === role) found.push({ item: child, left: offset + (child.bounds?.x1 ?? 0), right: offset + (child.bounds?.x2 ?? 0) });
      if (mark.marktype === 'group') collect(child, role, offset + (child.x ?? 0), found);
    }
  }
  return found;
}

/** What a drawn chart shows, read from vega's scenegraph: legend labels, axis labels, its texts and the marks' data. */
export interface DrawnChart {
  width: number;
  height: number;
  legendLabels: string[];
  /** Legend labels drawn (partly) outside the chart's box: a clipped legend. */
  legendLabelsOutside: string[];
  axisLabels: string[];
  texts: string[];
  /** The chart's own title texts (a note under the bars). */
  titles: string[];
  marks: Array<Record<string, unknown>>;
}

/** Compiles a Vega-Lite spec and runs it headless (no renderer), at the given container width. */
export async function drawChart(spec: TopLevelSpec, containerWidth = 480): Promise<DrawnChart> {
  const { width: specWidth } = spec as { width?: unknown };
  const sized = { ...spec, width: specWidth === 'container' ? containerWidth : specWidth } as TopLevelSpec;
  const view = new vega.View(vega.parse(compile(sized).spec), { renderer: 'none' });
  await view.runAsync();
  const root: SceneItem = { items: [(view.scenegraph() as unknown as { root: SceneItem }).root] };
  const width = view.width();
  const height = view.height();
  const legend = collect(root, 'legend-label');
  const [left] = (view as unknown as { origin(): [number, number] }).origin();
  const outside = legend.filter((placed) => placed.left + left < -0.5 || placed.right + left > containerWidth + 0.5);
  const drawn = collect(root, 'mark').map((placed) => placed.item);
  view.finalize();
  return {
    width,
    height,
    legendLabels: legend.map((placed) => textOf(placed.item.text)),
    legendLabelsOutside: outside.map((placed) => textOf(placed.item.text)),
    axisLabels: collect(root, 'axis-label').map((placed) => textOf(placed.item.text)),
    titles: collect(root, 'title-text').map((placed) => textOf(placed.item.text)),
    texts: drawn.filter((item) => item.text !== undefined).map((item) => textOf(item.text)),
    marks: drawn.map((item) => item.datum ?? {}),
  };
}
