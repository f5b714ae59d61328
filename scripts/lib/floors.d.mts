export const FLOORS: string[][];
export const DOORS: string[];
export function roomOf(file: string): string;
export function floorOf(room: string): number | undefined;
export function libImports(): Map<string, { to: string; dynamic: boolean }[]>;
export function upArrows(graph: Map<string, { to: string; dynamic: boolean }[]>): {
  arrows: Map<string, string[]>;
  homeless: string[];
};
export function circles(graph: Map<string, { to: string; dynamic: boolean }[]>): string[][];
