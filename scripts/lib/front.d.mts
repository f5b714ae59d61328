import type { Server } from 'node:http';

export function isBackOffice(url: string | undefined): boolean;

export function createFront(options: {
  targets: () => { visitors: number | null; backOffice: number | null };
  clientOf: (headers: Record<string, string | string[] | undefined>, socketAddress: string | undefined) => string;
  trustsProxy: boolean;
}): Server;
