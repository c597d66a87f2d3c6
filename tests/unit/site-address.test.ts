/** Where the job is, written one way for the lead e-mail, the inbox and the partner page. */
import { describe, expect, it } from 'vitest';
import { siteAddress, siteArea, siteMapHref } from '../../core/lead/site-address.ts';

const lead = (site_street: string, site_suburb: string, city: string) => ({ site_street, site_suburb, city });

describe('the site address', () => {
  it('gives the area a partner sees before accepting: suburb and city, never the street', () => {
    expect(siteArea(lead('12 Grey Street', 'Frankton', 'Hamilton'))).toBe('Frankton, Hamilton');
    expect(siteArea(lead('12 Grey Street', '', 'Hamilton'))).toBe('Hamilton');
    expect(siteArea(lead('', 'Te Awamutu', ''))).toBe('Te Awamutu');
    expect(siteArea(lead('', 'hamilton', 'Hamilton'))).toBe('hamilton');
    expect(siteArea(lead('', '', ''))).toBe('');
  });

  it('writes the whole address on one line, or nothing when no street or suburb was given', () => {
    expect(siteAddress(lead('12 Grey Street', 'Frankton', 'Hamilton'))).toBe('12 Grey Street, Frankton, Hamilton');
    expect(siteAddress(lead('12 Grey Street', '', ''))).toBe('12 Grey Street');
    expect(siteAddress(lead('', '', 'Hamilton'))).toBe('');
  });

  it('links a map search on a fixed https address, the visitor’s words only its encoded query', () => {
    expect(siteMapHref(lead('12 Grey Street', 'Frankton', 'Hamilton'))).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Grey%20Street%2C%20Frankton%2C%20Hamilton%2C%20New%20Zealand',
    );
    expect(siteMapHref(lead('', '', 'Hamilton'))).toBeUndefined();
    const hostile = new URL(siteMapHref(lead('"><script>x</script>&api=2#frag', 'javascript:alert(1)', ''))!);
    expect([hostile.origin, hostile.pathname, hostile.searchParams.get('api'), hostile.hash]).toEqual(['https://www.google.com', '/maps/search/', '1', '']);
    expect(hostile.searchParams.get('query')).toBe('"><script>x</script>&api=2#frag, javascript:alert(1), New Zealand');
  });
});
