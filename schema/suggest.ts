/** Edits (insert, delete, replace, swap two neighbours) from one name to another, case-insensitive. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const d = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[x.length]![y.length]!;
}

/** The candidate a misspelt name most likely meant, or undefined when none is close (at most a third of it differs). */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: { candidate: string; edits: number } | undefined;
  for (const candidate of candidates) {
    const edits = distance(name, candidate);
    if (edits <= Math.max(1, Math.floor(Math.max(name.length, candidate.length) / 3)) && (!best || edits < best.edits)) best = { candidate, edits };
  }
  return best?.candidate;
}

/** ` (did you mean "x"?)`, or nothing when no candidate is close. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const match = closestName(name, candidates);
  return match === undefined ? '' : ` (did you mean "${match}"?)`;
}
