import { describe, expect, it } from 'vitest';
import { isAppRoute, paths, verifyPageCertificateId } from './routes';

describe('the route table', () => {
  it('matches parameters, trailing slashes and any letter case, and nothing else', () => {
    expect(isAppRoute('/')).toBe(true);
    expect(isAppRoute('/admin/dashboard/')).toBe(true);
    expect(isAppRoute('/Admin/Dashboard')).toBe(true);
    expect(isAppRoute('/verify/VBR-ABCDEFGHJK')).toBe(true);
    expect(isAppRoute('/verify')).toBe(false);
    expect(isAppRoute('/verify/')).toBe(false);
    expect(isAppRoute('/verify/a/b')).toBe(false);
    expect(isAppRoute('/enroll-now')).toBe(false);
    expect(isAppRoute('/admin')).toBe(false);
    expect(isAppRoute('/support/extra')).toBe(false);
  });

  it('builds links with their parameters encoded', () => {
    expect(paths.verifyCertificate('VBR-ABCDEFGHJK')).toBe('/verify/VBR-ABCDEFGHJK');
    expect(paths.verifyCertificate('a/b c')).toBe('/verify/a%2Fb%20c');
    expect(paths.enrolCourseSelection('pro')).toBe('/enroll?step=course-selection&course=pro');
  });

  it("reads a verification page's certificate ID as the page shows it, and only from that page's address", () => {
    expect(verifyPageCertificateId('/verify/vbr-abcdefghjk')).toBe('VBR-ABCDEFGHJK');
    expect(verifyPageCertificateId('/verify/VBR-ABCDEFGHJK/')).toBe('VBR-ABCDEFGHJK');
    expect(verifyPageCertificateId(paths.verifyCertificate(' a/b c '))).toBe('A/B C');
    expect(verifyPageCertificateId('/verify/100%')).toBe('100%');
    expect(verifyPageCertificateId('/verify/')).toBeNull();
    expect(verifyPageCertificateId('/verify/a/b')).toBeNull();
    expect(verifyPageCertificateId('/student-login')).toBeNull();
  });
});
