export function patchRenderer(text: string, name?: string): string;
export function patchNextRenderers(nextDir?: string): string[];
