export function asFromElsewhere<T>(work: () => Promise<T>): Promise<T>;
