/** The path of an executable Chromium (STUDIO_CHROMIUM, else a system browser), or undefined when there is none. */
export function findChromium(): string | undefined;
