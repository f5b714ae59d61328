// A bench or a drill plays the site's clients on the site's own machine. Staff and strangers have
// machines of their own: while `work` runs, the calling thread (the one sending their requests and
// reading the answers) runs at the lowest priority, so that what a timed visitor waits for is the
// server's work, not the client's. A visitor timed on a worker thread started before keeps its
// priority. Linux sets each thread's priority on its own, and only root may raise it back: elsewhere,
// or as another user, `work` runs as it is.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

export async function asFromElsewhere(work) {
  let thread = null;
  let before = 0;
  try {
    if (process.getuid?.() === 0) {
      thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
      before = getPriority(thread);
      setPriority(thread, 19);
    }
  } catch {
    thread = null;
  }
  try {
    return await work();
  } finally {
    // Back before anything else starts a thread from this one: a new thread takes its creator's priority.
    if (thread !== null) setPriority(thread, before);
  }
}
