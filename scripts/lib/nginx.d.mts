import type { ChildProcess } from 'node:child_process';

export const nginxBinary: string;
export function operatorConfig(options: {
  port: number;
  upstreamPort: number;
  cacheDir: string;
  dir: string;
  tlsPort?: number;
  redirectPort?: number;
}): string;
export function startNginx(options: {
  port: number;
  upstreamPort: number;
  dir: string;
  workers?: number;
  tlsPort?: number;
  redirectPort?: number;
}): ChildProcess;
