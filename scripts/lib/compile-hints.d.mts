export const COMPILE_HINT: string;
export const MIN_HINTED_BYTES: number;
export function startupChunks(html: string): Set<string>;
export function buildStartupChunks(nextDir: string): Set<string>;
export function markStartupChunks(nextDir: string, wanted?: Set<string>): string[];
