import type { z } from 'zod';
import type { navLinksSchema } from './schemas';

export type NavLink = z.infer<typeof navLinksSchema>[number];
