import { ConfigError, config } from '@/lib/config';

// A bad or half-given configuration stops the server here with one clear message, instead of
// failing on a visitor's first submission.
export function startServer(): void {
  try {
    config();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
