// Counts the event loop's turns from now until `stop()`: work done in one piece gives other tasks none.
export function countTurns(): { turns: () => number; stop: () => void } {
  let turns = 0;
  let counting = true;
  const count = () => {
    turns += 1;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  return {
    turns: () => turns,
    stop: () => {
      counting = false;
    },
  };
}
