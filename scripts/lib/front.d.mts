import type { Server } from 'node:http';

export function isBackOffice(
  url: string | undefined,
  cookie?: string,
  staffBrowser?: (cookie: string | undefined) => boolean,
): boolean;

export function createFront(options: {
  targets: () => { visitors: number | null; backOffice: number | null };
  clientOf: (headers: Record<string, string | string[] | undefined>, socketAddress: string | undefined) => string;
  addressHeaders: readonly string[];
  trustsProxy: boolean;
  staffBrowser?: (cookie: string | undefined) => boolean;
}): Server;
