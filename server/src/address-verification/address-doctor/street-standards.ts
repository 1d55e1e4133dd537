/**
 * Street lines in their country's postal standard, as AddressDoctor writes them (decision
 * 059): in the US (USPS Publication 28), Canada (Canada Post), Australia and New Zealand the
 * street type, the direction and the unit designator are abbreviated ("Avenue Northwest" ->
 * "Ave NW", "Suite 200" -> "Ste 200"); in the United Kingdom and Ireland (Royal Mail) street
 * types are written out ("Rd" -> "Road"). Elsewhere a line is kept as it is.
 */

type Table = Readonly<Record<string, string>>;

const US_TYPES: Table = {
  alley: 'Aly',
  avenue: 'Ave',
  boulevard: 'Blvd',
  circle: 'Cir',
  court: 'Ct',
  cove: 'Cv',
  crescent: 'Cres',
  drive: 'Dr',
  expressway: 'Expy',
  freeway: 'Fwy',
  heights: 'Hts',
  highway: 'Hwy',
  lane: 'Ln',
  parkway: 'Pkwy',
  place: 'Pl',
  plaza: 'Plz',
  point: 'Pt',
  road: 'Rd',
  square: 'Sq',
  street: 'St',
  terrace: 'Ter',
  trail: 'Trl',
};

const CA_TYPES: Table = {
  ...US_TYPES,
  court: 'Crt',
  lane: 'Lane',
  parkway: 'Pky',
  terrace: 'Terr',
};

const AU_TYPES: Table = {
  ...US_TYPES,
  boulevard: 'Bvd',
  close: 'Cl',
  lane: 'Lane',
  parade: 'Pde',
  terrace: 'Tce',
};

const DIRECTIONS: Table = {
  north: 'N',
  south: 'S',
  east: 'E',
  west: 'W',
  northeast: 'NE',
  northwest: 'NW',
  southeast: 'SE',
  southwest: 'SW',
};

const UNITS: Table = {
  apartment: 'Apt',
  building: 'Bldg',
  department: 'Dept',
  floor: 'Fl',
  room: 'Rm',
  suite: 'Ste',
};

/** Royal Mail: street types written out. */
const GB_TYPES: Table = {
  rd: 'Road',
  st: 'Street',
  ave: 'Avenue',
  av: 'Avenue',
  ln: 'Lane',
  dr: 'Drive',
  cres: 'Crescent',
  cl: 'Close',
  sq: 'Square',
  pl: 'Place',
  gdns: 'Gardens',
  ter: 'Terrace',
  tce: 'Terrace',
  ct: 'Court',
};

const ABBREVIATING: Readonly<Record<string, Table>> = {
  US: US_TYPES,
  CA: CA_TYPES,
  AU: AU_TYPES,
  NZ: AU_TYPES,
};

const key = (word: string) => word.toLowerCase().replace(/[.,]$/, '');

function abbreviate(line: string, types: Table): string {
  const words = line.split(' ');
  // Unit designators followed by their number: "Suite 200" -> "Ste 200".
  let end = words.length;
  for (let i = 0; i < words.length - 1; i++) {
    const unit = UNITS[key(words[i] ?? '')];
    if (unit) {
      words[i] = unit;
      end = Math.min(end, i);
    }
  }
  // From the end of the street part: a trailing direction, then the street type. A line of
  // two words or fewer is a name ("North Street" stays a street called North).
  let i = end - 1;
  const direction = DIRECTIONS[key(words[i] ?? '')];
  if (direction && i >= 2) {
    words[i] = direction;
    i -= 1;
  }
  const type = types[key(words[i] ?? '')];
  if (type && i >= 2) words[i] = type;
  // A direction before the street's name ("100 North Main Street").
  const leading = DIRECTIONS[key(words[1] ?? '')];
  if (leading && /\d/.test(words[0] ?? '') && i >= 3) words[1] = leading;
  return words.join(' ');
}

function expand(line: string): string {
  const words = line.split(' ');
  const last = words.length - 1;
  const type = GB_TYPES[key(words[last] ?? '')];
  if (type && last >= 1) words[last] = type;
  return words.join(' ');
}

/** A street line in the country's postal standard (tidied and recased before). */
export function standardiseStreet(country: string, line: string): string {
  if (country === 'GB' || country === 'IE') return expand(line);
  const types = ABBREVIATING[country];
  return types ? abbreviate(line, types) : line;
}

/** Whether the service standardises streets of this country. */
export function standardisesStreets(country: string): boolean {
  return country === 'GB' || country === 'IE' || country in ABBREVIATING;
}
