// The one way this server keeps state for the whole process (the settings, the store, the outbox
// worker, the rate limiter, the newsletter provider). Next bundles the instrumentation hook, the route
// handlers, the server actions and the pages separately, and each bundle gets its own copy of every
// module: a module-level variable would exist once per bundle, so the no-JavaScript path (server
// actions) and the JavaScript path (route handlers) would each count their own rate limit and open
// their own store. globalThis is shared by every bundle of the process, so each singleton lives there
// under a registered symbol of its name.
const holder = globalThis as { [key: symbol]: unknown };

const keyOf = (name: string) => Symbol.for(`baobab.${name}`);

// The process's instance of `name`, made by `create` on first use.
export function singleton<T>(name: string, create: () => T): T {
  const key = keyOf(name);
  if (!(key in holder)) holder[key] = create();
  return holder[key] as T;
}

// The instance of `name` if one was made or set, without making one.
export function existingSingleton<T>(name: string): T | undefined {
  return holder[keyOf(name)] as T | undefined;
}

// Puts `value` in place of `name`'s instance (the server's start-up, and tests); undefined forgets it.
export function setSingleton<T>(name: string, value: T | undefined): void {
  if (value === undefined) delete holder[keyOf(name)];
  else holder[keyOf(name)] = value;
}
