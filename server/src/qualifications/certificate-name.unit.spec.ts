import { describe, expect, it } from 'vitest';
import { safeFileName } from './qualifications';

describe('a certificate’s file name as kept and served', () => {
  it('takes the extension of the type its content was found to be', () => {
    expect(safeFileName('x.html', 'application/pdf')).toBe('x.pdf');
    expect(safeFileName('scan.PDF.exe', 'image/png')).toBe('scan.PDF.png');
    expect(safeFileName('licence.pdf', 'application/pdf')).toBe('licence.pdf');
    expect(safeFileName('photo', 'image/jpeg')).toBe('photo.jpg');
  });

  it('keeps no path, no control characters or quotes, and is never empty', () => {
    expect(safeFileName('C:\\Users\\dana\\degree.pdf', 'application/pdf')).toBe('degree.pdf');
    expect(safeFileName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(safeFileName('a"b\u0000c\u202e.pdf', 'application/pdf')).toBe('abc.pdf');
    expect(safeFileName('', 'image/png')).toBe('certificate.png');
    expect(safeFileName(undefined, 'image/png')).toBe('certificate.png');
    expect(safeFileName('.htaccess', 'application/pdf')).toBe('certificate.pdf');
    expect(safeFileName(`${'n'.repeat(300)}.pdf`, 'application/pdf')).toHaveLength(144);
  });
});
