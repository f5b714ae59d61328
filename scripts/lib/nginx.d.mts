import type { ChildProcess } from 'node:child_process';

export const nginxBinary: string;
export function operatorConfig(options: { port: number; upstreamPort: number; cacheDir: string }): string;
export function startNginx(options: {
  port: number;
  upstreamPort: number;
  dir: string;
  workers?: number;
}): ChildProcess;
