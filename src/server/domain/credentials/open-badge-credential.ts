/**
 * The Open Badges 3.0 credential of an activated certificate (docs/product/student-area.md#digital-credential):
 * an OpenBadgeCredential in the VC data model 2.0, signed as a VC-JWT. It says only what /verify
 * shows already (holder's name, course, dates), so the public certificates API serves it.
 */
import { eq } from 'drizzle-orm';
import { COURSES, type CourseType } from '@shared/catalogue';
import { normaliseCertificateId } from '@shared/codes';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { certificates, students } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { fullName } from '../students/find-student';
import { signVcJwt, type CredentialSigner } from './signing';
import { issuerProfile, VC_CONTEXT, vcDateTime } from './issuer';
import { statusListEntry } from './status-list';

const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';

export interface IssuedCertificate {
  /** The certificates row's uuid: the credential is `urn:uuid:<id>`. */
  id: string;
  certificateId: string;
  courseType: CourseType;
  holderName: string;
  activatedAt: Date;
  statusIndex: number;
}

/** The activated, unrevoked certificate; 404 unknown, 409 pending or revoked. */
export async function findIssuedCertificate(db: Db, rawId: string): Promise<IssuedCertificate> {
  const certificateId = normaliseCertificateId(rawId);
  if (!certificateId) throw new DomainError('not_found', messages.certificates.unknownId);
  const [row] = await db
    .select({
      id: certificates.id,
      certificateId: certificates.certificateId,
      courseType: certificates.courseType,
      activatedAt: certificates.activatedAt,
      revokedAt: certificates.revokedAt,
      statusIndex: certificates.statusIndex,
      firstName: students.firstName,
      lastName: students.lastName,
    })
    .from(certificates)
    .innerJoin(students, eq(students.id, certificates.studentId))
    .where(eq(certificates.certificateId, certificateId))
    .limit(1);
  if (!row) throw new DomainError('not_found', messages.certificates.unknownId);
  if (row.revokedAt) throw new DomainError('conflict', messages.credentials.revoked);
  if (!row.activatedAt) throw new DomainError('conflict', messages.credentials.pending);
  return {
    id: row.id,
    certificateId: row.certificateId,
    courseType: row.courseType,
    holderName: fullName(row),
    activatedAt: row.activatedAt,
    statusIndex: row.statusIndex,
  };
}

export const badgeImageUrl = (publicUrl: string, certificateId: string) =>
  `${publicUrl}/api/certificates/${certificateId}/badge.png`;

/** The unsigned OpenBadgeCredential (JWT claims iss, jti and nbf repeat issuer.id, id and validFrom). */
export function openBadgeCredential(certificate: IssuedCertificate, publicUrl: string): Record<string, unknown> {
  const course = COURSES[certificate.courseType];
  const issuer = issuerProfile(publicUrl);
  const id = `urn:uuid:${certificate.id}`;
  const validFrom = vcDateTime(certificate.activatedAt);
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer,
    validFrom,
    name: course.title,
    credentialSubject: {
      type: ['AchievementSubject'],
      // OB 3.0 IdentityObject: the holder's name in plain text, as the public /verify page shows it.
      identifier: [
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: certificate.holderName },
      ],
      achievement: {
        id: `${publicUrl}/enroll?step=course-selection&course=${certificate.courseType}`,
        type: ['Achievement'],
        name: course.title,
        description: messages.credentials.achievementDescription(course.title),
        criteria: { narrative: messages.credentials.criteria(course.title) },
        image: { id: badgeImageUrl(publicUrl, certificate.certificateId), type: 'Image' },
      },
    },
    evidence: [
      { id: `${publicUrl}/verify/${certificate.certificateId}`, type: ['Evidence'], name: certificate.certificateId },
    ],
    credentialStatus: statusListEntry(publicUrl, certificate.statusIndex),
    iss: issuer.id,
    jti: id,
    nbf: Math.floor(certificate.activatedAt.getTime() / 1000),
  };
}

/** GET /api/certificates/{id}/credential. */
export async function issueOpenBadgeCredential(
  db: Db,
  rawId: string,
  publicUrl: string,
  signer: CredentialSigner,
): Promise<string> {
  const certificate = await findIssuedCertificate(db, rawId);
  return signVcJwt(signer, openBadgeCredential(certificate, publicUrl));
}
