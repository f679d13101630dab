/** The room of a repository-relative path: `decorators`, `index`, `<folder>`, or `<folder>/<sub>`. */
export function roomOf(path: string): string;
/** Import counts between rooms of a checkout, as `[from, to, n]`, sorted. */
export function roomEdges(root: string): Array<[string, string, number]>;
