import type { ChildProcess } from 'node:child_process';

export const nginxBinary: string;
export function operatorConfig(options: {
  port: number;
  upstreamPort?: number;
  upstreamPorts?: number[];
  cacheDir: string;
  dir: string;
  tlsPort?: number;
  redirectPort?: number;
}): string;
export function firstConfig(options: { port: number; dir: string }): string;

// `first`: docs/deploy/nginx-first.conf, with no site behind it (no upstreamPort) and no certificate.
export function startNginx(options: {
  port: number;
  upstreamPort?: number;
  upstreamPorts?: number[];
  first?: boolean;
  dir: string;
  workers?: number;
  tlsPort?: number;
  redirectPort?: number;
}): ChildProcess;
