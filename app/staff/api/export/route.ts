import { downloadRoute } from '@/lib/staff/http';
import { download } from '@/lib/staff/queries';

// GET /staff/api/export?item=user:<slug>&format=xlsx (or ?form=contact, format=csv): one course, event
// or offer, or one form, as a file, for signed-in staff, recorded in the audit trail before it is sent.
export const GET = downloadRoute('export', download, 'Name an item or a form, and format=csv or format=xlsx.');
