/** The files of each import cycle (strongly connected component) of a graph from file to the files it imports. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][];
