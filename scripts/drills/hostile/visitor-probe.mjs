// A visitor loading pages one after another, in a worker thread of its own: its timings are not held up
// by the drill's own work on the main thread (sending pictures, reading downloads). It loads
// `workerData.paths` in turn, each on a new connection, until it has made `workerData.count` loads or
// is sent 'stop', then posts every load ({ path, at, ms, status, cache }: `at` its start as Date.now();
// status -1 for no answer; cache, Next's x-nextjs-cache: MISS for a page made for this load, as after a
// publish, HIT or STALE for one served from the cache) and ends.
import { request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, paths, count = Infinity, pauseMs = 20 } = workerData;
let stopped = false;
parentPort.on('message', (message) => {
  if (message === 'stop') stopped = true;
});

function load(path) {
  const at = Date.now();
  const t0 = performance.now();
  return new Promise((resolve) => {
    const done = (status, cache = '') => resolve({ path, at, ms: performance.now() - t0, status, cache });
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.on('data', () => {});
      res.on('end', () => done(res.statusCode, String(res.headers['x-nextjs-cache'] ?? '')));
      res.on('error', () => done(-1));
    });
    req.on('error', () => done(-1));
    req.end();
  });
}

const loads = [];
while (!stopped && loads.length < count) {
  loads.push(await load(paths[loads.length % paths.length]));
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
}
parentPort.postMessage(loads);
