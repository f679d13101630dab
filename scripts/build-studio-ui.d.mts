/** Builds the studio's browser app into `outDir` (default dist/src/studio/ui-assets); resolves to the file sizes. */
export function buildStudioUi(outDir?: string): Promise<Record<string, number>>;
