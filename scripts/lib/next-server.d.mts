import type { ChildProcess, StdioOptions } from 'node:child_process';

export function startNextServer(options: {
  port: string | number;
  env?: Record<string, string>;
  stdio?: StdioOptions;
  root?: string;
  split?: boolean;
}): ChildProcess;
export function privateBuild(dir: string): string;
export function waitUntilUp(
  url: string,
  options?: { timeoutMs?: number; intervalMs?: number; server?: ChildProcess },
): Promise<void>;
export function claimPort(port: number, options?: { timeoutMs?: number; intervalMs?: number }): Promise<() => void>;
export function stopServer(server: ChildProcess, signal?: NodeJS.Signals): Promise<void>;
export function xsrfHeaders(base: string): Promise<{ 'x-xsrf-token': string; cookie: string }>;
export function freePort(): Promise<number>;
