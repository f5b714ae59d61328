// A background task of the server process: `run` now, then `intervalMs` after each run ends, until
// stopped. A run is never started while another is in progress, and stop() waits for the one running.
export function periodic(run: () => Promise<unknown>, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  const once = () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    once,
    start() {
      if (!stopped) return;
      stopped = false;
      const loop = async () => {
        await once();
        if (stopped) return;
        timer = setTimeout(loop, intervalMs);
        timer.unref();
      };
      void loop();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (running) await running;
    },
  };
}
