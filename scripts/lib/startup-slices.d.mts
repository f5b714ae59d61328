export const SLICED: string;
export const APP_LISTENS: string;
export function topLevelImports(source: string, id: number | string): number[] | null;
export function slicedBootstrap(parts: {
  bootstrapModule: string;
  hydrate: string;
  ctx: string;
  entry: string;
  hooks: string;
  imports: number[];
}): string;
export function sliceSource(source: string): string | null;
export function sliceStartup(nextDir: string, candidates?: Set<string>): string[];
