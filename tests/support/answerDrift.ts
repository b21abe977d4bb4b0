import type { RouteContract } from '../../schema/contract/routes.ts';

/** How a real answer differs from its route's declared shape, one line per issue (the first 10); empty when it parses. */
export function answerDrift(contract: RouteContract | undefined, answer: unknown): string[] {
  if (!contract?.answer) return ['the route declares no JSON answer'];
  const parsed = contract.answer.safeParse(answer);
  return parsed.success ? [] : parsed.error.issues.slice(0, 10).map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`);
}
