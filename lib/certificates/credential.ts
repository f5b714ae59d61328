import { eventPath, offerPath, site } from '@/lib/content';
import { defaultLang } from '@/lib/i18n';
import type { StoredCertificate } from '@/lib/storage';

import { credentialUrl, verifyUrl } from './links';

// A certificate as an Open Badges 3.0 credential (1EdTech's profile of the W3C Verifiable Credentials
// data model), for other systems to read at /verify/<code>.json: an OpenBadgeCredential whose subject is
// the learner, named by an identity object, with the achievement they were awarded. It carries no proof
// of its own: it is trusted because this site serves it under its own address, as the page is.
const CONTEXT = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'];

// The item's public page: the event's or the offer's, or the academy's for a course.
const itemPath = ({ collection, item }: StoredCertificate) =>
  collection === 'user' ? eventPath({ slug: item }) : collection === 'offer' ? offerPath({ slug: item }) : '/academy';

const day = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function openBadgeCredential(certificate: StoredCertificate, siteUrl: string) {
  const page = verifyUrl(certificate.code, defaultLang, siteUrl);
  const completion = certificate.kind === 'completion';
  return {
    '@context': CONTEXT,
    id: credentialUrl(certificate.code, siteUrl),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: certificate.title,
    issuer: { id: siteUrl, type: ['Profile'], name: site.name, url: siteUrl },
    validFrom: day(certificate.issuedAt),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: certificate.name }],
      achievement: {
        id: `${siteUrl}${itemPath(certificate)}`,
        type: ['Achievement'],
        achievementType: completion ? 'Certificate' : 'Achievement',
        name: certificate.title,
        description: certificate.achievement || certificate.title,
        criteria: {
          narrative: completion
            ? `Completed ${certificate.title}, as recorded by ${site.name}.`
            : `Attended ${certificate.title}, checked in at the door by ${site.name}.`,
        },
      },
      ...(certificate.startDate ? { activityStartDate: `${certificate.startDate}T00:00:00Z` } : {}),
      ...(certificate.endDate ? { activityEndDate: `${certificate.endDate}T00:00:00Z` } : {}),
    },
    evidence: [{ id: page, type: ['Evidence'], name: `${site.name} certificate ${certificate.code}` }],
  };
}

// What the machine-readable address says of a code it cannot vouch for (with 404 or 410).
export function credentialRefusal(state: 'unknown' | 'revoked' | 'withdrawn', at?: number) {
  return { status: state, ...(at ? { since: day(at) } : {}) };
}
