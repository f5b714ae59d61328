import config from '@payload-config';
import { generatePageMetadata, RootPage } from '@payloadcms/next/views';
import type { Metadata } from 'next';

import { requireStaff } from '@/lib/staff/http';

import { importMap } from '../import-map';

interface Props {
  params: Promise<{ segments: string[] }>;
  searchParams: Promise<{ [key: string]: string | string[] }>;
}

export const generateMetadata = ({ params, searchParams }: Props): Promise<Metadata> =>
  generatePageMetadata({ config, params, searchParams });

// Checked again here: a page of the admin may be rendered without its layout (a client navigation).
export default async function CmsPage({ params, searchParams }: Props) {
  await requireStaff('content');
  return RootPage({ config, importMap, params, searchParams });
}
