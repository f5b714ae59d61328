import { createRequire } from 'node:module';
import { join } from 'node:path';

import { FirestoreServer } from '@firestore-emulator/server';
import type { ServerCredentials as Credentials, Server } from '@grpc/grpc-js';

// The emulator carries its own copy of grpc-js; credentials must come from that same copy.
// Resolved from the project's root: the same in jest's CommonJS and in Playwright's ES modules.
const emulatorRequire = createRequire(
  createRequire(join(process.cwd(), 'package.json')).resolve('@firestore-emulator/server'),
);
const { ServerCredentials } = emulatorRequire('@grpc/grpc-js') as { ServerCredentials: typeof Credentials };

// A Firestore emulator speaking the real gRPC protocol, bound to 127.0.0.1 on a free port
// (its own start() would listen on every interface).
export async function startFirestoreEmulator(): Promise<{ host: string; stop: () => void }> {
  process.env.METADATA_SERVER_DETECTION = 'none';
  const emulator = new FirestoreServer();
  const grpcServer = (emulator as unknown as { server: Server }).server;
  const port = await new Promise<number>((resolve, reject) =>
    grpcServer.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return { host: `127.0.0.1:${port}`, stop: () => emulator.stop() };
}
