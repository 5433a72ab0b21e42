/** The value of one series in a Prometheus exposition (labels given must match), or undefined when it is not there. */
export function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2]?.split(/,(?=[a-zA-Z_]\w*=")/) ?? [];
    if (wanted.every((pair) => have.includes(pair))) return Number(match[3]);
  }
  return undefined;
}
