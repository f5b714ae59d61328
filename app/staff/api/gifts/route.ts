import { giftDownload } from '@/lib/staff/gifts';
import { downloadRoute } from '@/lib/staff/http';

// GET /staff/api/gifts?format=csv|xlsx (&frequency, &currency, &month as on the page): the gifts'
// payments as a file, for staff who may see payments, recorded in the audit trail before it is sent.
export const GET = downloadRoute('payments', giftDownload, 'Say format=csv or format=xlsx.');
