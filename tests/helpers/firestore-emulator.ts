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

const DRAIN_MS = 2_000;
const CUT_SETTLE_MS = 300;

// A Firestore emulator speaking the real gRPC protocol, bound to 127.0.0.1 on a free port
// (its own start() would listen on every interface).
//
// `stop()` lets the calls still open end on their own, and only then cuts what is left, and waits for
// the clients to hear it. A stream cut by the emulator ends in an error status on the client's side;
// the Firestore library decodes it by loading a file, and if that happens after jest has torn the
// test file down, it fails whichever file runs next in that worker ("a file after the Jest
// environment has been torn down", seen once in CI under load).
export async function startFirestoreEmulator(): Promise<{ host: string; stop: () => Promise<void> }> {
  process.env.METADATA_SERVER_DETECTION = 'none';
  const emulator = new FirestoreServer();
  const grpcServer = (emulator as unknown as { server: Server }).server;
  const port = await new Promise<number>((resolve, reject) =>
    grpcServer.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      let cutting = false;
      const cut = setTimeout(() => {
        cutting = true;
        emulator.stop();
        setTimeout(resolve, CUT_SETTLE_MS);
      }, DRAIN_MS);
      // The cut ends the sessions this waits for too: after a cut, only the settling time resolves.
      grpcServer.tryShutdown(() => {
        if (cutting) return;
        clearTimeout(cut);
        resolve();
      });
    });
  return { host: `127.0.0.1:${port}`, stop };
}
