import '@payloadcms/next/css';

import config from '@payload-config';
import { handleServerFunctions, RootLayout } from '@payloadcms/next/layouts';
import type { ServerFunctionClient } from 'payload';
import type { ReactNode } from 'react';

import { requireStaff } from '@/lib/staff/http';

import { importMap } from './staff/content/import-map';

// The CMS's admin (lib/cms) has its own root layout: none of its code or styles reach the visitors'
// pages (app/[lang]) or the workspace's (app/staff).
const serverFunction: ServerFunctionClient = async function (args) {
  'use server';
  return handleServerFunctions({ ...args, config, importMap });
};

// The workspace's sign-in opens the CMS: someone signed out is sent to it, a role without content to its
// own start page, before anything of the admin (its configuration included) is sent.
export default async function CmsLayout({ children }: { children: ReactNode }) {
  await requireStaff('content');
  return (
    <RootLayout config={config} importMap={importMap} serverFunction={serverFunction}>
      {children}
    </RootLayout>
  );
}
