/** `promise`, or a failure naming what hung (a leaked cursor or connection hangs instead of failing). */
export function orHang<T>(promise: Promise<T>, what: string, ms = 20_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} never answered`)), ms);
  });
  return Promise.race([promise, hang]).finally(() => clearTimeout(timer));
}
