export const MAX_FUNCTION_LINES: number;
export const MAX_STORAGE_FILE_LINES: number;
export type FunctionSize = { file: string; name: string; line: number; lines: number };
export function functionSizes(file: string, text: string): FunctionSize[];
export function longFunctions(root: string, maxLines?: number): FunctionSize[];
export function longStorageFiles(root: string, maxLines?: number): { file: string; lines: number }[];
