/**
 * The seeded catalog: fictional assessment families, each sold as a kit, forms, digital
 * scoring, library access and training, priced in all nine stores. Some families are new
 * editions on pre-order, some items are not sold online or must be ordered by phone, some
 * have order minimums and maximums, and some kits are out of stock (issue 6).
 */
import type { Category, ProductFormat } from '../../../domain/catalog/catalog';
import { upcOf } from '../../../domain/catalog/upc';

type Level = 'A' | 'B' | 'C';

interface Family {
  readonly code: string;
  readonly name: string;
  readonly category: Category;
  readonly level: Level;
  /** Price of the complete kit in US dollars. */
  readonly kitUsd: number;
  readonly about: string;
  readonly skus: readonly Sku[];
  readonly preOrderOn?: string;
}

type Sku = 'KIT' | 'RF25' | 'RB' | 'QG1Y' | 'QG3Y' | 'DL1Y' | 'TRN' | 'MAN' | 'SB';

/** Each kind of item's place in a family's UPC item numbers (never reordered: codes stay). */
const SKU_ORDER: readonly Sku[] = ['KIT', 'RF25', 'RB', 'QG1Y', 'QG3Y', 'DL1Y', 'TRN', 'MAN', 'SB'];

/** The fictional publisher's GS1 company prefix (number system 0). */
export const UPC_COMPANY_PREFIX = '084370';

const FAMILIES: readonly Family[] = [
  {
    code: 'WRI3',
    name: 'Westbrook Reading Inventory, Third Edition',
    category: 'academic-learning',
    level: 'B',
    kitUsd: 495,
    about: 'measures decoding, fluency and comprehension from kindergarten to grade 12',
    skus: ['KIT', 'RF25', 'QG1Y', 'TRN'],
  },
  {
    code: 'HMA2',
    name: 'Harlow Mathematics Achievement Test, Second Edition',
    category: 'academic-learning',
    level: 'B',
    kitUsd: 455,
    about: 'assesses number sense, computation and problem solving for ages 5 to 21',
    skus: ['KIT', 'RF25', 'QG1Y'],
  },
  {
    code: 'CWE',
    name: 'Cedarline Written Expression Scales',
    category: 'academic-learning',
    level: 'B',
    kitUsd: 318,
    about: 'rates spelling, sentence construction and composition in school-age writers',
    skus: ['KIT', 'RF25', 'MAN'],
  },
  {
    code: 'BRS4',
    name: 'Brightpath Behavior Rating Scales, Fourth Edition',
    category: 'behavior',
    level: 'B',
    kitUsd: 392,
    about: 'collects parent, teacher and self ratings of behavior and emotion from ages 2 to 21',
    skus: ['KIT', 'RF25', 'QG1Y', 'TRN'],
  },
  {
    code: 'LAC',
    name: 'Lakemont Attention Checklist',
    category: 'behavior',
    level: 'B',
    kitUsd: 214,
    about: 'screens for attention and hyperactivity concerns at home and at school',
    skus: ['KIT', 'RB', 'QG1Y'],
  },
  {
    code: 'NAB',
    name: 'Northvale Adaptive Behavior System',
    category: 'behavior',
    level: 'B',
    kitUsd: 436,
    about: 'measures communication, daily living and social skills across the lifespan',
    skus: ['KIT', 'RF25', 'QG1Y'],
  },
  {
    code: 'KCI',
    name: 'Kestrel Career Interest Profile',
    category: 'career-planning',
    level: 'A',
    kitUsd: 148,
    about: 'matches interests and values to occupations for students and adults',
    skus: ['KIT', 'RB', 'QG1Y'],
  },
  {
    code: 'OWV',
    name: 'Orchard Work Values Inventory',
    category: 'career-planning',
    level: 'A',
    kitUsd: 126,
    about: 'helps job seekers rank what matters to them at work',
    skus: ['KIT', 'QG1Y'],
  },
  {
    code: 'MCS5',
    name: 'Meridian Cognitive Scales, Fifth Edition',
    category: 'cognition-neuro',
    level: 'C',
    kitUsd: 1395,
    about:
      'measures verbal, visual-spatial, working memory and processing speed abilities for ages 6 to 16',
    skus: ['KIT', 'RF25', 'QG1Y', 'DL1Y', 'TRN'],
  },
  {
    code: 'MCS6',
    name: 'Meridian Cognitive Scales, Sixth Edition',
    category: 'cognition-neuro',
    level: 'C',
    kitUsd: 1495,
    about: 'is the new edition with updated norms and digital-first administration',
    skus: ['KIT', 'RF25', 'QG1Y'],
    preOrderOn: '2027-03-01',
  },
  {
    code: 'TMB',
    name: 'Tidewater Memory Battery',
    category: 'cognition-neuro',
    level: 'C',
    kitUsd: 865,
    about: 'evaluates immediate, delayed and working memory in adults',
    skus: ['KIT', 'RF25', 'QG1Y'],
  },
  {
    code: 'HEF',
    name: 'Halvorsen Executive Function Inventory',
    category: 'cognition-neuro',
    level: 'B',
    kitUsd: 286,
    about: 'rates planning, inhibition and flexibility in daily life',
    skus: ['KIT', 'RF25', 'QG1Y'],
  },
  {
    code: 'EDP4',
    name: 'Early Development Profile, Fourth Edition',
    category: 'developmental',
    level: 'C',
    kitUsd: 1180,
    about: 'assesses cognitive, language and motor development from 1 to 42 months',
    skus: ['KIT', 'RF25', 'QG1Y', 'TRN'],
  },
  {
    code: 'FSS',
    name: 'First Steps Developmental Screener',
    category: 'developmental',
    level: 'B',
    kitUsd: 265,
    about: 'is a quick screener for developmental delay in young children',
    skus: ['KIT', 'RB', 'QG1Y'],
  },
  {
    code: 'PPS',
    name: 'Preschool Play Scale',
    category: 'developmental',
    level: 'A',
    kitUsd: 189,
    about: 'observes play and social interaction in children aged 2 to 5',
    skus: ['KIT', 'RF25'],
  },
  {
    code: 'SMP2',
    name: 'Sterling Motor Proficiency Test, Second Edition',
    category: 'motor-sensory',
    level: 'B',
    kitUsd: 742,
    about: 'measures fine and gross motor skills for ages 4 to 21',
    skus: ['KIT', 'RF25', 'QG1Y'],
  },
  {
    code: 'SPQ',
    name: 'Sensory Processing Questionnaire',
    category: 'motor-sensory',
    level: 'B',
    kitUsd: 231,
    about: 'profiles sensory responses at home, at school and in the community',
    skus: ['KIT', 'RF25', 'QG1Y'],
  },
  {
    code: 'VMI',
    name: 'Visual-Motor Integration Test',
    category: 'motor-sensory',
    level: 'A',
    kitUsd: 164,
    about: 'checks how well eyes and hands work together in copying shapes',
    skus: ['KIT', 'RB'],
  },
  {
    code: 'APS3',
    name: 'Adult Personality Scales, Third Edition',
    category: 'personality',
    level: 'C',
    kitUsd: 498,
    about: 'measures normal personality traits and clinical patterns in adults',
    skus: ['KIT', 'RB', 'QG1Y'],
  },
  {
    code: 'ADI',
    name: 'Adolescent Distress Inventory',
    category: 'personality',
    level: 'C',
    kitUsd: 276,
    about: 'screens adolescents for anxiety, depression and stress',
    skus: ['KIT', 'RB', 'QG1Y'],
  },
  {
    code: 'WPI',
    name: 'Workplace Personality Indicator',
    category: 'personality',
    level: 'B',
    kitUsd: 199,
    about: 'describes work style for selection and development',
    skus: ['KIT', 'QG1Y'],
  },
  {
    code: 'AWR',
    name: 'aimswebPlus Reading',
    category: 'mtss-rti',
    level: 'A',
    kitUsd: 0,
    about: 'screens reading and monitors progress with brief curriculum-based measures',
    skus: ['DL1Y'],
  },
  {
    code: 'AWM',
    name: 'aimswebPlus Math',
    category: 'mtss-rti',
    level: 'A',
    kitUsd: 0,
    about: 'screens early numeracy and math skills and monitors progress',
    skus: ['DL1Y'],
  },
  {
    code: 'TPM',
    name: 'Tiered Progress Monitor',
    category: 'mtss-rti',
    level: 'A',
    kitUsd: 210,
    about: 'tracks student growth between benchmarks in a tiered support model',
    skus: ['KIT', 'RB', 'DL1Y'],
  },
  {
    code: 'BLS2',
    name: 'Bilingual Language Screener, Second Edition (Spanish)',
    category: 'spanish',
    level: 'B',
    kitUsd: 356,
    about: 'screens language skills in Spanish-speaking and bilingual children',
    skus: ['KIT', 'RF25', 'QG1Y'],
  },
  {
    code: 'ECE',
    name: 'Escala de Conducta Escolar',
    category: 'spanish',
    level: 'B',
    kitUsd: 224,
    about: 'rates school behavior in Spanish for parents and teachers',
    skus: ['KIT', 'RF25'],
  },
  {
    code: 'CLF6',
    name: 'Clearwater Language Fundamentals, Sixth Edition',
    category: 'speech-language',
    level: 'B',
    kitUsd: 985,
    about: 'evaluates receptive and expressive language for ages 5 to 21',
    skus: ['KIT', 'RF25', 'QG1Y', 'DL1Y', 'TRN'],
  },
  {
    code: 'AST',
    name: 'Articulation Sound Test',
    category: 'speech-language',
    level: 'B',
    kitUsd: 338,
    about: 'samples speech sounds in words and sentences',
    skus: ['KIT', 'RF25', 'QG1Y'],
  },
  {
    code: 'PVT',
    name: 'Picture Vocabulary Test',
    category: 'speech-language',
    level: 'A',
    kitUsd: 412,
    about: 'measures receptive vocabulary with picture plates',
    skus: ['KIT', 'RF25', 'DL1Y'],
  },
  {
    code: 'FLU',
    name: 'Fluency Rating Instrument',
    category: 'speech-language',
    level: 'B',
    kitUsd: 245,
    about: 'measures stuttering frequency and severity',
    skus: ['KIT', 'RF25'],
  },
  {
    code: 'TPA',
    name: 'Telepractice Assessment Kit',
    category: 'telepractice',
    level: 'B',
    kitUsd: 299,
    about: 'brings stimulus books and response capture to remote sessions',
    skus: ['DL1Y', 'TRN', 'MAN'],
  },
  {
    code: 'RMS',
    name: 'Remote Session Studio',
    category: 'telepractice',
    level: 'A',
    kitUsd: 180,
    about: 'runs secure video assessment sessions with shared stimuli',
    skus: ['DL1Y', 'TRN'],
  },
  {
    code: 'QGS',
    name: 'Q-global Scoring Credits',
    category: 'scoring-reporting',
    level: 'A',
    kitUsd: 95,
    about: 'scores and reports any supported test on Q-global, per use',
    skus: ['QG1Y', 'TRN'],
  },
  {
    code: 'RPT',
    name: 'Report Writer Plus',
    category: 'scoring-reporting',
    level: 'B',
    kitUsd: 260,
    about: 'turns scores into editable interpretive reports',
    skus: ['QG1Y'],
  },
  {
    code: 'DAL',
    name: 'Digital Assessment Library, Clinical',
    category: 'digital-libraries',
    level: 'C',
    kitUsd: 1200,
    about: 'gives tablet access to a library of clinical tests and stimulus books',
    skus: ['DL1Y', 'TRN'],
  },
  {
    code: 'DAS',
    name: 'Digital Assessment Library, Schools',
    category: 'digital-libraries',
    level: 'B',
    kitUsd: 950,
    about: 'gives school teams tablet access to educational and speech tests',
    skus: ['DL1Y', 'TRN'],
  },
  {
    code: 'SAP',
    name: 'State Assessment Program Services',
    category: 'large-scale',
    level: 'A',
    kitUsd: 0,
    about: 'supports state and district testing programmes with design, delivery and reporting',
    skus: ['MAN'],
  },
  {
    code: 'DBT',
    name: 'District Benchmark Tests',
    category: 'large-scale',
    level: 'A',
    kitUsd: 48,
    about: 'benchmarks reading and math three times a year across a district',
    skus: ['RB', 'DL1Y'],
  },
  {
    code: 'GRA',
    name: 'Graduate Reasoning Assessment',
    category: 'graduate-admissions',
    level: 'A',
    kitUsd: 125,
    about: 'measures verbal and analytical reasoning for graduate admission',
    skus: ['RB', 'DL1Y', 'MAN'],
  },
  {
    code: 'GRP',
    name: 'Graduate Reasoning Practice Set',
    category: 'graduate-admissions',
    level: 'A',
    kitUsd: 39,
    about: 'prepares candidates with full-length practice tests',
    skus: ['DL1Y', 'MAN'],
  },
];

const SKU_INFO: Readonly<
  Record<Sku, { suffix: string; format: ProductFormat; share: number; fixedUsd?: number }>
> = {
  KIT: { suffix: 'Complete Kit', format: 'physical-kit', share: 1 },
  RF25: { suffix: 'Record Forms (25)', format: 'physical-kit', share: 0.14 },
  RB: {
    suffix: 'Response Booklet (single copy)',
    format: 'physical-kit',
    share: 0.012,
    fixedUsd: 3.25,
  },
  QG1Y: { suffix: 'Q-global Scoring and Reporting, 1 year', format: 'digital-scoring', share: 0.3 },
  DL1Y: { suffix: 'Digital Library Access, 1 year', format: 'digital-library', share: 0.45 },
  TRN: {
    suffix: 'Online Training: Administration and Scoring',
    format: 'online-training',
    share: 0,
    fixedUsd: 149,
  },
  MAN: { suffix: 'Technical Manual', format: 'physical-kit', share: 0.2 },
  QG3Y: {
    suffix: 'Q-global Scoring and Reporting, 3 years',
    format: 'digital-scoring',
    share: 0.75,
  },
  SB: { suffix: 'Stimulus Book', format: 'physical-kit', share: 0.22 },
};

/** Every kit family also sells its manual and stimulus book; every Q-global plan a 3-year term. */
function skusOf(family: Family): Sku[] {
  const skus = new Set<Sku>(family.skus);
  if (skus.has('KIT')) {
    skus.add('MAN');
    skus.add('SB');
  }
  if (skus.has('QG1Y')) skus.add('QG3Y');
  return [...skus];
}

/** Store currencies and what one US dollar costs in each (list prices, rounded). */
export const STORE_RATES: Readonly<Record<string, number>> = {
  usassessments: 1,
  caassessments: 1.36,
  ukassessments: 0.79,
  auassessments: 1.52,
  nzassessments: 1.65,
  asiaassessments: 1,
  nlassessments: 0.92,
  esassessments: 0.92,
  sgassessments: 1.34,
};

/** List price in minor units: whole units minus one cent above 20, quarters below. */
export function listPriceMinor(usd: number, rate: number): number {
  const local = usd * rate;
  if (local >= 20) return Math.round(local) * 100 - 1;
  return Math.max(25, Math.round(local * 4) * 25);
}

export interface SeedProduct {
  readonly code: string;
  readonly name: string;
  readonly program: string;
  readonly description: string;
  readonly category: Category;
  readonly format: ProductFormat;
  readonly qualificationLevel: Level;
  readonly notDiscountable: boolean;
  readonly soldOnline: boolean;
  readonly orderableOnline: boolean;
  readonly preOrder: boolean;
  readonly availableOn: string | null;
  readonly minOrderQuantity: number | null;
  readonly maxOrderQuantity: number | null;
  readonly stock: number | null;
  readonly aimsweb: boolean;
  /** UPC-A code (decision 058). */
  readonly upc: string;
  /** The family's picture in public/ (decision 058). */
  readonly image: string;
  readonly usd: number;
}

/** A family's picture: one drawing per family, generated by scripts/product-images.mjs. */
export const productImagePath = (familyCode: string): string =>
  `/products/${familyCode.toLowerCase()}.svg`;

/** A stable pseudo-random number in [0, 1) for a text (the seed is the same every time). */
function unit(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
}

export function seedProducts(): SeedProduct[] {
  const products: SeedProduct[] = [];
  for (const [familyIndex, family] of FAMILIES.entries()) {
    for (const sku of skusOf(family)) {
      const info = SKU_INFO[sku];
      const code = `${family.code}-${sku}`;
      const aimsweb = family.name.startsWith('aimswebPlus');
      const usd = aimsweb
        ? 7.5
        : (info.fixedUsd ?? Math.max(15, Math.round(family.kitUsd * info.share)));
      const name = aimsweb
        ? `${family.name}, per student, 1 year`
        : `${family.name}, ${info.suffix}`;
      const r = unit(code);
      const physical = info.format === 'physical-kit';
      // Manuals of large programmes are quoted, not sold online; some legacy forms likewise.
      const soldOnline = !(sku === 'MAN' && family.kitUsd === 0) && !(sku === 'RF25' && r < 0.07);
      const orderableOnline =
        !(family.category === 'large-scale' && sku === 'MAN') && !(sku === 'MAN' && r > 0.8);
      products.push({
        code,
        name,
        program: family.name.replace(/, .*$/, ''),
        description: `${family.name} ${family.about}. ${describeSku(sku)}`,
        category: family.category,
        format: info.format,
        qualificationLevel: info.format === 'online-training' ? 'A' : family.level,
        notDiscountable: info.format === 'online-training' || (sku === 'QG1Y' && r < 0.3),
        soldOnline,
        orderableOnline,
        preOrder: family.preOrderOn !== undefined,
        availableOn: family.preOrderOn ?? null,
        minOrderQuantity: sku === 'RB' || aimsweb ? 25 : null,
        maxOrderQuantity: sku === 'RB' ? 500 : sku === 'KIT' ? 20 : null,
        // Some kits are out of stock; other physical items are plentiful.
        stock: physical ? (sku === 'KIT' && r < 0.15 ? 0 : 20 + Math.floor(r * 400)) : null,
        aimsweb,
        // Families in seed order, then the kind of item: unique and stable.
        upc: upcOf(UPC_COMPANY_PREFIX, (familyIndex + 1) * 10 + SKU_ORDER.indexOf(sku)),
        image: productImagePath(family.code),
        usd,
      });
    }
  }
  return products;
}

function describeSku(sku: Sku): string {
  switch (sku) {
    case 'KIT':
      return 'The complete kit holds the manual, stimulus materials and record forms to get started.';
    case 'RF25':
      return 'A pack of 25 record forms.';
    case 'RB':
      return 'Single response booklets, ordered in the quantity you need.';
    case 'QG1Y':
      return 'Unlimited scoring and reports on Q-global for one year.';
    case 'DL1Y':
      return 'Access from any tablet or computer for one year.';
    case 'TRN':
      return 'A self-paced course with a live question session; participants choose two preferred dates.';
    case 'MAN':
      return 'Development, standardization, reliability and validity in full.';
    case 'QG3Y':
      return 'Unlimited scoring and reports on Q-global for three years, at a lower yearly price.';
    case 'SB':
      return 'A replacement stimulus book, spiral bound to stand on the table.';
  }
}

export interface SeedPromotion {
  readonly code: string;
  readonly name: string;
  readonly enabled: boolean;
  /** Days from the day the seed runs (negative: before it), so every code keeps its outcome. */
  readonly startDay: number;
  readonly endDay: number | null;
  readonly appliesTo: 'cart' | 'products';
  readonly productCodes: readonly string[];
  readonly discountBasisPoints: number;
  readonly minimumSubtotalMinor: number;
}

/** One code for every promotion-code outcome of SPEC 5 (applied twice gives "already applied"). */
const PROMOTION_SPECS: readonly SeedPromotion[] = [
  {
    code: 'SCHOOL10',
    name: '10% off for schools',
    enabled: true,
    startDay: -365,
    endDay: 730,
    appliesTo: 'cart',
    productCodes: [],
    discountBasisPoints: 1000,
    minimumSubtotalMinor: 0,
  },
  {
    code: 'SPRING25',
    name: 'Spring sale (ended)',
    enabled: true,
    startDay: -120,
    endDay: -30,
    appliesTo: 'cart',
    productCodes: [],
    discountBasisPoints: 2500,
    minimumSubtotalMinor: 0,
  },
  {
    code: 'FUTURE15',
    name: 'Back-to-school (not started)',
    enabled: true,
    startDay: 90,
    endDay: 150,
    appliesTo: 'cart',
    productCodes: [],
    discountBasisPoints: 1500,
    minimumSubtotalMinor: 0,
  },
  {
    code: 'PAUSED5',
    name: 'Paused promotion',
    enabled: false,
    startDay: -365,
    endDay: null,
    appliesTo: 'cart',
    productCodes: [],
    discountBasisPoints: 500,
    minimumSubtotalMinor: 0,
  },
  {
    // Ends two weeks from the day the seed runs: a quote counting on it ends sooner (SPEC 9).
    code: 'ENDSOON10',
    name: '10% off, ends soon',
    enabled: true,
    startDay: -30,
    endDay: 13,
    appliesTo: 'cart',
    productCodes: [],
    discountBasisPoints: 1000,
    minimumSubtotalMinor: 0,
  },
  {
    code: 'KITS20',
    name: '20% off complete kits',
    enabled: true,
    startDay: -365,
    endDay: 730,
    appliesTo: 'products',
    productCodes: ['WRI3-KIT', 'BRS4-KIT', 'CLF6-KIT', 'MCS5-KIT', 'EDP4-KIT', 'SMP2-KIT'],
    discountBasisPoints: 2000,
    minimumSubtotalMinor: 0,
  },
  {
    code: 'BIGORDER',
    name: '15% off orders over 2,000',
    enabled: true,
    startDay: -365,
    endDay: 730,
    appliesTo: 'cart',
    productCodes: [],
    discountBasisPoints: 1500,
    minimumSubtotalMinor: 200_000,
  },
];

const DAY_MS = 24 * 3600 * 1000;

/**
 * The seed's promotions with dates around the day it runs: an active code stays active, an
 * ended one ended and a future one in the future, whatever the year.
 */
export function seedPromotions(today: Date): (Omit<SeedPromotion, 'startDay' | 'endDay'> & {
  readonly startsAt: Date;
  readonly endsAt: Date | null;
})[] {
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return PROMOTION_SPECS.map(({ startDay, endDay, ...promotion }) => ({
    ...promotion,
    startsAt: new Date(midnight + startDay * DAY_MS),
    // The last day ends at its last second.
    endsAt: endDay === null ? null : new Date(midnight + (endDay + 1) * DAY_MS - 1000),
  }));
}

/**
 * Price changes ahead of the day the seed runs, in every store (SPEC 9's early quote
 * expiration): one inside a quote's 30 days (the quote ends the day before it), one under 60
 * days away (the buyer is told; the quote keeps its 30 days).
 */
export const SCHEDULED_PRICE_SPECS: readonly {
  readonly code: string;
  readonly inDays: number;
  /** The new price over the current one. */
  readonly factor: number;
}[] = [
  { code: 'BRS4-KIT', inDays: 12, factor: 1.06 },
  { code: 'MCS5-KIT', inDays: 45, factor: 1.05 },
];

/** The seed's price changes with their dates, given today and each current price. */
export function seedScheduledPrices(
  today: Date,
  currentPrice: (code: string, storeId: string) => number | undefined,
): { productCode: string; storeId: string; startsOn: string; amountMinor: number }[] {
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return SCHEDULED_PRICE_SPECS.flatMap(({ code, inDays, factor }) =>
    Object.keys(STORE_RATES).flatMap((storeId) => {
      const current = currentPrice(code, storeId);
      if (current === undefined) return [];
      return [
        {
          productCode: code,
          storeId,
          startsOn: new Date(midnight + inDays * DAY_MS).toISOString().slice(0, 10),
          // Still a price ending in 99.
          amountMinor: Math.round((current * factor) / 100) * 100 - 1,
        },
      ];
    }),
  );
}

/** Each family's code, name and category: what its picture shows. */
export function seedFamilies(): { code: string; name: string; category: Category }[] {
  return FAMILIES.map(({ code, name, category }) => ({ code, name, category }));
}
